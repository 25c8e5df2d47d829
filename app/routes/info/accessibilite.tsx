import { Link } from "react-router";
import { useT } from "~/components/ui/i18n";
import type { Route } from "./+types/accessibilite";
import { absoluteUrl } from "~/.server/http";
import {
  ACCESSIBILITY_CHECKS,
  ACCESSIBILITY_LIMITS,
  ACCESSIBILITY_STANDARD,
  ACCESSIBILITY_STATEMENT_DATE,
  ACCESSIBILITY_STATUS,
  ACCESSIBILITY_TARGET,
  ACCESSIBILITY_TECHNOLOGIES,
  DEFENSEUR_DES_DROITS,
} from "~/content/accessibility";
import { getDb } from "~/.server/db";
import { getShopIdentity } from "~/.server/modules/settings/shop-identity.service";
import { contactDetailsOf } from "~/domain/settings/shop-contact";
import { InfoPageHeader, primaryLinkClass, textLinkClass } from "~/features/info/components/info-page-header";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { publicPageHeaders } from "~/lib/http-cache";
import { buildMeta } from "~/lib/seo";

export async function loader(_: Route.LoaderArgs) {
  return {
    canonical: absoluteUrl("/accessibilite"),
    host: new URL(absoluteUrl("/")).host,
    contact: contactDetailsOf(await getShopIdentity(await getDb())),
  };
}

export const headers = publicPageHeaders;

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Déclaration d'accessibilité | Aurore" }];
  return buildMeta({
    title: "Déclaration d'accessibilité",
    description:
      "Accessibilité du site Aurore : objectif WCAG 2.1 AA (RGAA), état de conformité, contrôles réalisés, limites connues et voies de recours.",
    url: data.canonical,
  });
}

const sectionTitle = "font-display text-2xl";

export default function AccessibilityPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div>
      <InfoPageHeader title={t("shop.info.accessibilityTitle")}>
        <p>
          Aurore s'engage à rendre son site accessible à toutes et à tous, conformément à l'article 47 de la loi n° 2005-102 du 11 février
          2005.
        </p>
      </InfoPageHeader>

      <div className="mx-auto max-w-3xl space-y-12 px-4 py-10 sm:px-6">
        <section aria-labelledby="engagement">
          <h2 id="engagement" className={sectionTitle}>
            Notre objectif
          </h2>
          <p className="mt-3">
            Cette déclaration s'applique au site {loaderData.host}. Notre objectif est le niveau <strong>{ACCESSIBILITY_TARGET}</strong>,
            tel que le reprend le {ACCESSIBILITY_STANDARD}.
          </p>
        </section>

        <section aria-labelledby="etat-conformite">
          <h2 id="etat-conformite" className={sectionTitle}>
            État de conformité
          </h2>
          <p className="mt-3">
            Le site Aurore est <strong>{ACCESSIBILITY_STATUS}</strong> avec le RGAA 4.1, en raison des limites énumérées ci-dessous.
          </p>
        </section>

        <section aria-labelledby="controles">
          <h2 id="controles" className={sectionTitle}>
            Ce que nous vérifions
          </h2>
          <ul className="mt-4 space-y-4">
            {ACCESSIBILITY_CHECKS.map((check) => (
              <li key={check.title} className="rounded-2xl border border-line bg-white p-5">
                <h3 className="font-semibold">{check.title}</h3>
                <p className="mt-1 text-muted">{check.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="limites">
          <h2 id="limites" className={sectionTitle}>
            Limites connues
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-5">
            {ACCESSIBILITY_LIMITS.map((limit) => (
              <li key={limit}>{limit}</li>
            ))}
          </ul>
          <p className="mt-4">
            Nous corrigeons ces points au fil des évolutions du site. Si un contenu vous est inaccessible, nous vous le fournissons sous une
            autre forme : contactez-nous.
          </p>
        </section>

        <section aria-labelledby="technologies">
          <h2 id="technologies" className={sectionTitle}>
            Technologies utilisées
          </h2>
          <p className="mt-3">{ACCESSIBILITY_TECHNOLOGIES.join(", ")}.</p>
          <p className="mt-2 text-muted">Déclaration établie le {ACCESSIBILITY_STATEMENT_DATE}.</p>
        </section>

        <section aria-labelledby="nous-contacter" className="rounded-2xl bg-band p-6">
          <h2 id="nous-contacter" className={sectionTitle}>
            Signaler un problème
          </h2>
          <p className="mt-3">
            Vous ne parvenez pas à accéder à un contenu ou à un service ? Dites-le-nous : nous vous répondons et vous proposons une
            alternative.
          </p>
          <ul className="mt-4 space-y-2">
            <li>
              E-mail : <span className="font-semibold break-all">{loaderData.contact.email}</span>
            </li>
            <li>
              Téléphone :{" "}
              <a href={loaderData.contact.phoneHref} className={textLinkClass}>
                {loaderData.contact.phone}
              </a>
            </li>
          </ul>
          <p className="mt-6">
            <Link to="/service-client" className={primaryLinkClass}>
              Contacter le service client
            </Link>
          </p>
        </section>

        <section aria-labelledby="voies-recours">
          <h2 id="voies-recours" className={sectionTitle}>
            Voies de recours
          </h2>
          <p className="mt-3">
            Si vous nous avez signalé un défaut d'accessibilité sans obtenir de réponse satisfaisante, vous pouvez saisir le Défenseur des
            droits :
          </p>
          <ul className="mt-4 space-y-3">
            {DEFENSEUR_DES_DROITS.map((way) => (
              <li key={way.label}>
                <span className="font-semibold">{way.label} : </span>
                {way.href ? (
                  <a href={way.href} className={textLinkClass} rel="noopener noreferrer">
                    {way.text}
                  </a>
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
