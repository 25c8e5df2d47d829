import { Link } from "react-router";
import { T, useT } from "~/components/ui/i18n";
import type { Route } from "./+types/accessibilite";
import { absoluteUrl } from "~/.server/http";
import { ACCESSIBILITY_CHECKS, ACCESSIBILITY_LIMITS, ACCESSIBILITY_TECHNOLOGIES, DEFENSEUR_DES_DROITS } from "~/content/accessibility";
import { getDb } from "~/.server/db";
import { getShopIdentity } from "~/.server/modules/settings/shop-identity.service";
import { contactDetailsOf } from "~/domain/settings/shop-contact";
import { InfoPageHeader, primaryLinkClass, textLinkClass } from "~/features/info/components/info-page-header";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { publicPageHeaders } from "~/lib/http-cache";
import { buildMeta } from "~/lib/seo";
import { metaI18n } from "~/components/ui/meta-i18n";

export async function loader(_: Route.LoaderArgs) {
  return {
    canonical: absoluteUrl("/accessibilite"),
    host: new URL(absoluteUrl("/")).host,
    contact: contactDetailsOf(await getShopIdentity(await getDb())),
  };
}

export const headers = publicPageHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  const { t, ogLocale } = metaI18n(matches);
  if (!data) return [{ title: `${t("common.meta.accessibility.title")} | Aurore` }];
  return buildMeta({
    title: t("common.meta.accessibility.title"),
    description: t("common.meta.accessibility.description"),
    url: data.canonical,
    ogLocale,
  });
}

const sectionTitle = "font-display text-2xl";

export default function AccessibilityPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div>
      <InfoPageHeader title={t("shop.info.accessibilityTitle")}>
        <p>{t("shop.info.accessibility.intro")}</p>
      </InfoPageHeader>

      <div className="mx-auto max-w-3xl space-y-12 px-4 py-10 sm:px-6">
        <section aria-labelledby="engagement">
          <h2 id="engagement" className={sectionTitle}>
            {t("shop.info.accessibility.goalTitle")}
          </h2>
          <p className="mt-3">
            <T k="shop.info.accessibility.goal" values={{ host: loaderData.host }} components={{ 0: <strong /> }} />
          </p>
        </section>

        <section aria-labelledby="etat-conformite">
          <h2 id="etat-conformite" className={sectionTitle}>
            {t("shop.info.accessibility.statusTitle")}
          </h2>
          <p className="mt-3">
            <T k="shop.info.accessibility.status" components={{ 0: <strong /> }} />
          </p>
        </section>

        <section aria-labelledby="controles">
          <h2 id="controles" className={sectionTitle}>
            {t("shop.info.accessibility.checksTitle")}
          </h2>
          <ul className="mt-4 space-y-4">
            {ACCESSIBILITY_CHECKS.map((check) => (
              <li key={check.title} className="rounded-2xl border border-line bg-white p-5">
                <h3 className="font-semibold">{t(check.title)}</h3>
                <p className="mt-1 text-muted">{t(check.text)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="limites">
          <h2 id="limites" className={sectionTitle}>
            {t("shop.info.accessibility.limitsTitle")}
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-5">
            {ACCESSIBILITY_LIMITS.map((limit) => (
              <li key={limit}>{t(limit)}</li>
            ))}
          </ul>
          <p className="mt-4">{t("shop.info.accessibility.limitsFix")}</p>
        </section>

        <section aria-labelledby="technologies">
          <h2 id="technologies" className={sectionTitle}>
            {t("shop.info.accessibility.techTitle")}
          </h2>
          <p className="mt-3">{ACCESSIBILITY_TECHNOLOGIES.join(", ")}.</p>
          <p className="mt-2 text-muted">{t("shop.info.accessibility.statementDate")}</p>
        </section>

        <section aria-labelledby="nous-contacter" className="rounded-2xl bg-band p-6">
          <h2 id="nous-contacter" className={sectionTitle}>
            {t("shop.info.accessibility.reportTitle")}
          </h2>
          <p className="mt-3">{t("shop.info.accessibility.report")}</p>
          <ul className="mt-4 space-y-2">
            <li>
              {t("shop.info.accessibility.email")} <span className="font-semibold break-all">{loaderData.contact.email}</span>
            </li>
            <li>
              {t("shop.info.accessibility.phone")}{" "}
              <a href={loaderData.contact.phoneHref} className={textLinkClass}>
                {loaderData.contact.phone}
              </a>
            </li>
          </ul>
          <p className="mt-6">
            <Link to="/service-client" className={primaryLinkClass}>
              {t("shop.info.accessibility.contactLink")}
            </Link>
          </p>
        </section>

        <section aria-labelledby="voies-recours">
          <h2 id="voies-recours" className={sectionTitle}>
            {t("shop.info.accessibility.remediesTitle")}
          </h2>
          <p className="mt-3">{t("shop.info.accessibility.remedies")}</p>
          <ul className="mt-4 space-y-3">
            {DEFENSEUR_DES_DROITS.map((way) => (
              <li key={way.label}>
                <span className="font-semibold">{t("shop.info.accessibility.wayLabel", { label: t(way.label) })}</span>
                {way.href ? (
                  <a href={way.href} className={textLinkClass} rel="noopener noreferrer">
                    {way.textKey ? t(way.textKey) : way.text}
                  </a>
                ) : way.textKey ? (
                  t(way.textKey)
                ) : (
                  way.text
                )}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
