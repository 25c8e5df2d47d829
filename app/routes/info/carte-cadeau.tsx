import { Link } from "react-router";
import { useT } from "~/components/ui/i18n";
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

const RULES: readonly string[] = [
  `Valable ${GIFT_CARD_VALIDITY_YEARS} ans à compter de l'achat.`,
  `Un rappel est envoyé ${GIFT_CARD_EXPIRY_REMINDER_MONTHS} mois avant son expiration.`,
  "Utilisable en une ou plusieurs commandes, jusqu'à épuisement du solde.",
  "Si la commande dépasse le solde, complétez avec un autre moyen de paiement.",
  "Son achat vous fait gagner des points Beauty Pass.",
];

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
              Bon à savoir
            </h2>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-muted">
              {RULES.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
            <p className="mt-3 text-sm text-muted">
              Conditions complètes dans nos{" "}
              <Link
                to="/conditions-generales#cartes-cadeaux"
                className="font-semibold text-accent underline underline-offset-2 hover:text-accent-dark"
              >
                conditions générales de vente
              </Link>
              .
            </p>
          </section>
          <section aria-labelledby="idees-cadeaux" className="rounded-2xl bg-band p-6">
            <h2 id="idees-cadeaux" className="font-display text-2xl">
              Plutôt un cadeau tout prêt ?
            </h2>
            <p className="mt-3 text-muted">Parcourez nos parfums, soins et coffrets pour trouver l'idée qui fera plaisir.</p>
            <Link
              to="/products"
              className="mt-5 inline-flex min-h-11 items-center rounded-full border border-ink px-6 font-semibold hover:bg-ink hover:text-white"
            >
              Découvrir nos produits
            </Link>
          </section>
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
