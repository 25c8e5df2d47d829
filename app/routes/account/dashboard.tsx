import { data, Form } from "react-router";
import type { Route } from "./+types/dashboard";
import { getCurrentSession } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { loadAccountPreferences } from "~/.server/workflows/account-preferences";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { ACCOUNT_TABS, parseAccountTab } from "~/features/account/account-tabs";
import { AccountNav } from "~/features/account/components/account-nav";
import { ProfileTab } from "~/features/account/components/simple-tabs";
import { BeautyPassHistory } from "~/features/loyalty/components/beauty-pass-history";
import { PreferencesTab } from "~/features/account/components/preferences-tab";
import { SecurityTab } from "~/features/account/components/security-tab";
import { ChangeEmailSection } from "~/features/account/components/change-email-section";
import { EmailVerificationBanner } from "~/features/account/components/email-verification-banner";
import { EMAIL_CONFIRMED_MESSAGE, EMAIL_LINK_INVALID_MESSAGE } from "~/domain/auth/account-recovery.schema";
import { OrdersTab } from "~/features/orders/components/orders-tab";
import { AddressesTab } from "~/features/addresses/components/addresses-tab";
import { WishlistTab } from "~/features/favorites/components/wishlist-tab";
import { PaymentTab } from "~/features/payment-methods/components/payment-tab";
import { SupportTab } from "~/features/support/components/support-tab";
import { loadOrdersTab } from "./tab-data/orders.server";
import { loadAddressesTab } from "./tab-data/addresses.server";
import { loadWishlistTab } from "./tab-data/wishlist.server";
import { loadPaymentTab } from "./tab-data/payment.server";
import { loadSupportTab } from "./tab-data/support.server";
import { loadLoyaltyTab } from "./tab-data/loyalty.server";
import { loadBusinessInvoiceTab } from "./tab-data/business-invoice.server";
import { NotificationsTab } from "~/features/notifications/components/notifications-tab";
import { loadNotificationsTab } from "./tab-data/notifications.server";
import { loadSecurityTab } from "./tab-data/security.server";
import { answerAccountIntent } from "./tab-actions/intent.server";
import { ACCOUNT_WIDE_INTENTS } from "./tab-actions/account.server";
import { PREFERENCES_INTENTS } from "./tab-actions/preferences.server";
import { SECURITY_INTENTS } from "./tab-actions/security.server";
import { BUSINESS_INVOICE_INTENTS } from "./tab-actions/business-invoice.server";
import { ChatLauncher } from "~/features/chat/components/chat-launcher";
import { T, useT, useTranslateMessage } from "~/components/ui/i18n";
import { metaI18n } from "~/components/ui/meta-i18n";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tab = parseAccountTab(url.searchParams.get("tab"));
  const current = await getCurrentSession(request);
  if (!current) return data({ signedIn: false as const, tab }, { status: 401 });
  const db = await getDb();
  const userId = current.user.id;
  const account = {
    email: current.user.email,
    name: current.user.name,
    firstName: current.user.firstName,
    emailVerified: current.user.emailVerified,
  };
  // Back from the address verification link (the library adds `error` when the link failed).
  const emailLink = url.searchParams.get("email") === "confirmee" ? (url.searchParams.has("error") ? "invalid" : "confirmed") : null;

  const preferences = tab === "preferences" ? await loadAccountPreferences(db, userId) : null;
  // Each tab's data comes from its own module (tab-data/*.server.ts), loaded only for that tab.
  const orders = tab === "orders" ? await loadOrdersTab(db, userId) : null;
  const addresses = tab === "addresses" ? await loadAddressesTab(db, userId) : null;
  const wishlist = tab === "wishlist" ? await loadWishlistTab(db, userId) : null;
  const payment = tab === "payment" ? await loadPaymentTab(db, userId) : null;
  const support = tab === "support" ? await loadSupportTab(db, userId) : null;
  const loyalty = tab === "profile" ? await loadLoyaltyTab(db, userId) : null;
  const businessInvoice = tab === "profile" ? await loadBusinessInvoiceTab(db, userId) : null;
  const notifications = tab === "notifications" ? await loadNotificationsTab(db, userId) : null;
  const security = tab === "security" ? await loadSecurityTab(db, current) : null;
  return {
    signedIn: true as const,
    tab,
    account,
    emailLink,
    preferences,
    orders,
    addresses,
    wishlist,
    payment,
    support,
    loyalty,
    businessInvoice,
    notifications,
    security,
  };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = metaI18n(matches);
  return [{ title: `${t("common.meta.dashboard.title")} | Aurore` }, { name: "robots", content: "noindex" }];
}

export const ErrorBoundary = RouteErrorBoundary;

/**
 * Every form of the dashboard posts here with a hidden `intent`; each tab's intents live in its
 * own module (tab-actions/*.server.ts).
 */
export async function action({ request }: Route.ActionArgs) {
  return answerAccountIntent(request, {
    ...ACCOUNT_WIDE_INTENTS,
    ...SECURITY_INTENTS,
    ...PREFERENCES_INTENTS,
    ...BUSINESS_INVOICE_INTENTS,
  });
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const tm = useTranslateMessage();
  if (!loaderData.signedIn) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="font-display text-3xl">{t("account.dashboard.signInRequired")}</h1>
        <p className="mt-4 text-muted">{t("account.dashboard.signInRequiredText")}</p>
      </div>
    );
  }
  const { tab, account } = loaderData;
  const tabLabel = t(ACCOUNT_TABS.find((item) => item.id === tab)?.label ?? "account.tab.profile");

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-4 border-b border-line pb-6">
        <div>
          <h1 className="font-display text-3xl sm:text-4xl">{t("account.dashboard.title")}</h1>
          <p className="mt-1 text-muted">
            <T
              k="account.dashboard.hello"
              values={{ name: account.firstName }}
              components={{ 0: <span className="font-semibold text-ink" /> }}
            />
          </p>
        </div>
        <Form method="post" action="/dashboard">
          <input type="hidden" name="intent" value="logout" />
          <button
            type="submit"
            className="min-h-11 rounded-full border border-line px-5 font-semibold hover:border-accent hover:text-accent"
          >
            {t("account.dashboard.signOut")}
          </button>
        </Form>
      </div>

      {loaderData.emailLink === "confirmed" && (
        <p role="status" className="mt-6 rounded-lg border border-line bg-band p-4 text-sm">
          {tm(EMAIL_CONFIRMED_MESSAGE)}
        </p>
      )}
      {loaderData.emailLink === "invalid" && (
        <p role="alert" className="mt-6 rounded-lg border border-danger/30 bg-danger/5 p-4 text-sm text-danger">
          {tm(EMAIL_LINK_INVALID_MESSAGE)}
        </p>
      )}
      {!account.emailVerified && <EmailVerificationBanner email={account.email} />}

      <div className="mt-6 grid grid-cols-1 gap-6 lg:mt-8 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
        <AccountNav active={tab} />
        <section aria-label={tabLabel} className="min-w-0">
          {tab === "profile" && (
            <ProfileTab
              name={account.name}
              email={account.email}
              loyaltyHistory={loaderData.loyalty && <BeautyPassHistory summary={loaderData.loyalty.summary} />}
              businessInvoice={loaderData.businessInvoice}
            />
          )}
          {tab === "security" && loaderData.security && (
            <SecurityTab
              email={account.email}
              twoFactorEnabled={loaderData.security.twoFactorEnabled}
              sessions={loaderData.security.sessions}
              history={loaderData.security.history}
            />
          )}
          {tab === "security" && <ChangeEmailSection email={account.email} />}
          {tab === "preferences" && loaderData.preferences && <PreferencesTab view={loaderData.preferences} />}
          {tab === "orders" && <OrdersTab data={loaderData.orders} />}
          {tab === "addresses" && <AddressesTab data={loaderData.addresses} />}
          {tab === "wishlist" && <WishlistTab data={loaderData.wishlist} />}
          {tab === "payment" && <PaymentTab data={loaderData.payment} />}
          {tab === "support" && <SupportTab data={loaderData.support} />}
          {tab === "notifications" && <NotificationsTab data={loaderData.notifications} />}
        </section>
      </div>
      <ChatLauncher />
    </div>
  );
}
