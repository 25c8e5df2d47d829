import { Link } from "react-router";
import { T, useT, type MessageKey } from "~/components/ui/i18n";
import type { Route } from "./+types/carte-cadeau";
import { getDb } from "~/.server/db";
import { absoluteUrl } from "~/.server/http";
import { giftCardPageAction } from "./carte-cadeau-action.server";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { GiftCardBalanceCheck } from "~/features/gift-card/components/gift-card-balance";
import { GiftCardConfigurator } from "~/features/gift-card/components/gift-card-configurator";
import { LegalPageHeader } from "~/features/legal/components/legal-document";
import { publicPageHeaders } from "~/lib/http-cache";
import { buildMeta } from "~/lib/seo";
import { GIFT_CARD_EXPIRY_REMINDER_MONTHS, GIFT_CARD_MAX_CENTS, GIFT_CARD_MIN_CENTS, GIFT_CARD_VALIDITY_YEARS } from "~/lib/shop-rules";
import { metaI18n } from "~/components/ui/meta-i18n";

const PATH = "/carte-cadeau";

export function loader(_: Route.LoaderArgs) {
  return { canonical: absoluteUrl(PATH) };
}

/** "add": the configured card, validated, goes to the cart; "balance": a code's balance (10 checks a minute per IP). */
export async function action({ request }: Route.ActionArgs) {
  return giftCardPageAction(request, await getDb());
}

export const headers = publicPageHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  const { t, ogLocale } = metaI18n(matches);
  return buildMeta({
    title: t("common.meta.giftCard.title"),
    description: t("common.meta.giftCard.description", { min: String(GIFT_CARD_MIN_CENTS / 100), max: String(GIFT_CARD_MAX_CENTS / 100) }),
    url: data?.canonical ?? PATH,
    ogLocale,
  });
}

/** The card's rules, in the page's language (decision 044), with the shop's limits. */
const RULES: readonly MessageKey[] = [
  "shop.giftCardPage.ruleValidity",
  "shop.giftCardPage.ruleReminder",
  "shop.giftCardPage.ruleSeveralOrders",
  "shop.giftCardPage.ruleTopUp",
  "shop.giftCardPage.rulePoints",
];
const RULE_VALUES = { years: GIFT_CARD_VALIDITY_YEARS, months: GIFT_CARD_EXPIRY_REMINDER_MONTHS };

export default function CarteCadeauPage() {
  const t = useT();
  return (
    <div>
      <LegalPageHeader
        title={t("shop.info.giftCardTitle")}
        crumbs={[{ to: "/", label: t("common.breadcrumb.home") }, { label: t("shop.info.giftCardTitle") }]}
        intro={<p>{t("shop.info.giftCardIntro")}</p>}
      />
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <GiftCardConfigurator />

        <div className="mt-12">
          <GiftCardBalanceCheck />
        </div>

        <div className="mt-12 grid gap-6 md:grid-cols-2">
          <section aria-labelledby="regles-carte" className="rounded-2xl bg-cream p-6">
            <h2 id="regles-carte" className="font-display text-2xl">
              {t("shop.giftCardPage.goodToKnow")}
            </h2>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-muted">
              {RULES.map((rule) => (
                <li key={rule}>{t(rule, RULE_VALUES)}</li>
              ))}
            </ul>
            <p className="mt-3 text-sm text-muted">
              <T
                k="shop.giftCardPage.fullTerms"
                components={{
                  0: (
                    <Link
                      to="/conditions-generales#cartes-cadeaux"
                      className="font-semibold text-accent underline underline-offset-2 hover:text-accent-dark"
                    />
                  ),
                }}
              />
            </p>
          </section>
          <section aria-labelledby="idees-cadeaux" className="rounded-2xl bg-band p-6">
            <h2 id="idees-cadeaux" className="font-display text-2xl">
              {t("shop.giftCardPage.readyMadeTitle")}
            </h2>
            <p className="mt-3 text-muted">{t("shop.giftCardPage.readyMadeText")}</p>
            <Link
              to="/products"
              className="mt-5 inline-flex min-h-11 items-center rounded-full border border-ink px-6 font-semibold hover:bg-ink hover:text-white"
            >
              {t("shop.giftCardPage.discoverProducts")}
            </Link>
          </section>
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
