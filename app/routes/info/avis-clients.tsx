import { Link } from "react-router";
import { T, useLanguage, useT, useTranslateMessage } from "~/components/ui/i18n";
import { LANGUAGE_LOCALES } from "~/domain/i18n/languages";
import type { Route } from "./+types/avis-clients";
import { absoluteUrl } from "~/.server/http";
import { InfoPageHeader, textLinkClass } from "~/features/info/components/info-page-header";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { publicPageHeaders } from "~/lib/http-cache";
import { buildMeta } from "~/lib/seo";
import { REVIEW_BODY_MAX, REVIEW_REJECTION_LABELS, REVIEW_REJECTION_REASONS, REVIEW_REPORT_THRESHOLD } from "~/domain/reviews/review-rules";
import { metaI18n } from "~/components/ui/meta-i18n";

export async function loader(_: Route.LoaderArgs) {
  return { canonical: absoluteUrl("/avis-clients") };
}

export const headers = publicPageHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  const { t, ogLocale } = metaI18n(matches);
  if (!data) return [{ title: `${t("common.meta.reviews.heading")} | Aurore` }];
  return buildMeta({
    title: t("common.meta.reviews.title"),
    description: t("common.meta.reviews.description"),
    url: data.canonical,
    ogLocale,
  });
}

const sectionTitle = "font-display text-2xl";

/**
 * How reviews are collected, checked and published, as the Code de la consommation asks
 * (L111-7-2, D111-16 to D111-19). The figures come from the review rules themselves.
 */
export default function ReviewRulesPage() {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const locale = LANGUAGE_LOCALES[useLanguage()];
  return (
    <div>
      <InfoPageHeader title={t("shop.info.reviewsTitle")}>
        <p>{t("shop.info.reviews.intro")}</p>
      </InfoPageHeader>

      <div className="mx-auto max-w-3xl space-y-12 px-4 py-10 sm:px-6">
        <section aria-labelledby="qui">
          <h2 id="qui" className={sectionTitle}>
            {t("shop.info.reviews.whoTitle")}
          </h2>
          <p className="mt-3">
            <T k="shop.info.reviews.who1" components={{ 0: <strong /> }} />
          </p>
          <p className="mt-3">{t("shop.info.reviews.who2")}</p>
        </section>

        <section aria-labelledby="controle">
          <h2 id="controle" className={sectionTitle}>
            {t("shop.info.reviews.checkTitle")}
          </h2>
          <p className="mt-3">{t("shop.info.reviews.check1")}</p>
          <ul className="mt-3 list-disc space-y-1 pl-6">
            {REVIEW_REJECTION_REASONS.map((r) => (
              <li key={r}>{translateMessage(REVIEW_REJECTION_LABELS[r])}</li>
            ))}
          </ul>
          <p className="mt-3">
            {t("shop.info.reviews.check2", { max: REVIEW_BODY_MAX.toLocaleString(locale), threshold: REVIEW_REPORT_THRESHOLD })}
          </p>
        </section>

        <section aria-labelledby="affichage">
          <h2 id="affichage" className={sectionTitle}>
            {t("shop.info.reviews.displayTitle")}
          </h2>
          <p className="mt-3">{t("shop.info.reviews.display")}</p>
        </section>

        <section aria-labelledby="contrepartie">
          <h2 id="contrepartie" className={sectionTitle}>
            {t("shop.info.reviews.noRewardTitle")}
          </h2>
          <p className="mt-3">{t("shop.info.reviews.noReward")}</p>
          <p className="mt-3">
            <T k="shop.info.reviews.question" components={{ 0: <Link to="/service-client" className={textLinkClass} /> }} />
          </p>
        </section>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
