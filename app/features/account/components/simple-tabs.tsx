import { Link } from "react-router";
import type { AccountTab } from "../account-tabs";
import type { ReactNode } from "react";
import { TabHeading } from "~/components/ui/tab-heading";
import { PersonalDataSection } from "./personal-data-section";
import { BusinessInvoiceSection } from "./business-invoice-section";
import type { BusinessBuyer } from "~/domain/tax/order-tax";
import { buttonClass } from "~/components/ui/button";
import { useT, type MessageKey } from "~/components/ui/i18n";

/**
 * Profil: who is signed in, the way to the full profile page, the Beauty Pass history (given by
 * the page, which composes the loyalty feature, when its data was loaded), the business invoicing
 * details and the RGPD rights.
 */
export function ProfileTab({
  name,
  email,
  loyaltyHistory,
  businessInvoice,
}: {
  name: string;
  email: string;
  loyaltyHistory?: ReactNode;
  /** The saved company details, when the page loaded them. */
  businessInvoice?: { saved: BusinessBuyer | null; failed: boolean } | null;
}) {
  const t = useT();
  return (
    <div>
      <TabHeading>{t("account.tab.profile")}</TabHeading>
      <dl className="mt-6 grid gap-4 rounded-2xl border border-line p-6 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-muted">{t("account.profile.name")}</dt>
          <dd className="mt-1 font-semibold">{name || t("account.profile.noName")}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t("account.auth.field.email")}</dt>
          <dd className="mt-1 break-all font-semibold">{email}</dd>
        </div>
      </dl>
      <Link to="/profile" className={buttonClass({ variant: "accent", className: "mt-6" })}>
        {t("account.profile.edit")}
      </Link>
      {loyaltyHistory}
      {businessInvoice && <BusinessInvoiceSection saved={businessInvoice.saved} failed={businessInvoice.failed} />}
      <PersonalDataSection />
    </div>
  );
}

type EmptyTabId = Exclude<AccountTab, "profile" | "security" | "preferences">;

const EMPTY_STATES: Record<
  EmptyTabId,
  { heading: MessageKey; title: MessageKey; text: MessageKey; link?: { to: string; label: MessageKey } }
> = {
  orders: {
    heading: "account.tab.orders",
    title: "account.empty.orders.title",
    text: "account.empty.orders.text",
    link: { to: "/products", label: "account.empty.discoverProducts" },
  },
  addresses: {
    heading: "account.tab.addresses",
    title: "account.empty.addresses.title",
    text: "account.empty.addresses.text",
  },
  wishlist: {
    heading: "account.tab.wishlist",
    title: "account.empty.wishlist.title",
    text: "account.empty.wishlist.text",
    link: { to: "/products", label: "account.empty.discoverProducts" },
  },
  payment: {
    heading: "account.tab.payment",
    title: "account.empty.payment.title",
    text: "account.empty.payment.text",
  },
  notifications: {
    heading: "account.tab.notifications",
    title: "account.empty.notifications.title",
    text: "account.empty.notifications.text",
  },
  support: {
    heading: "account.tab.support",
    title: "account.empty.support.title",
    text: "account.empty.support.text",
  },
};

/** The tabs not built yet show their spec empty state. */
export function EmptyTab({ tab }: { tab: EmptyTabId }) {
  const state = EMPTY_STATES[tab];
  const t = useT();
  return (
    <div>
      <TabHeading>{t(state.heading)}</TabHeading>
      <div className="mt-6 rounded-2xl bg-cream px-6 py-14 text-center">
        <p className="text-lg font-semibold">{t(state.title)}</p>
        <p className="mt-2 text-muted">{t(state.text)}</p>
        {state.link && (
          <Link to={state.link.to} className={buttonClass({ variant: "accent", className: "mt-6" })}>
            {t(state.link.label)}
          </Link>
        )}
      </div>
    </div>
  );
}
