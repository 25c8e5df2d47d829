import { Link } from "react-router";
import type { Route } from "./+types/mentions-legales";
import { absoluteUrl } from "~/.server/http";
import { legalInfoOf } from "~/.server/legal";
import { getDb } from "~/.server/db";
import { getShopIdentity } from "~/.server/modules/settings/shop-identity.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { LegalPageHeader } from "~/features/legal/components/legal-document";
import { publicPageHeaders } from "~/lib/http-cache";
import { buildMeta } from "~/lib/seo";
import { useLanguage, useT } from "~/components/ui/i18n";
import { metaI18n } from "~/components/ui/meta-i18n";

const PATH = "/mentions-legales";
/** Demo defaults say so ("(fictif)", "société fictive"): the page then warns the reader. */
const FICTIONAL = /fictif|fictive/i;

export async function loader(_: Route.LoaderArgs) {
  const info = legalInfoOf(await getShopIdentity(await getDb()));
  return {
    info,
    isFictional: Object.values(info).some((value) => FICTIONAL.test(value)),
    canonical: absoluteUrl(PATH),
  };
}

export const headers = publicPageHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  const { t, ogLocale } = metaI18n(matches);
  return buildMeta({
    title: t("common.meta.legalNotice.title"),
    description: t("common.meta.legalNotice.description"),
    url: data?.canonical ?? PATH,
    ogLocale,
  });
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1 border-b border-line py-3 last:border-b-0 sm:grid-cols-[14rem_minmax(0,1fr)] sm:gap-4">
      <dt className="font-semibold text-ink">{label}</dt>
      <dd className="break-words text-muted">{value}</dd>
    </div>
  );
}

const sectionTitle = "font-display text-2xl text-ink";
const textLink = "font-semibold text-accent underline underline-offset-2 hover:text-accent-dark";

export default function MentionsLegalesPage({ loaderData }: Route.ComponentProps) {
  const { info, isFictional } = loaderData;
  const t = useT();
  const title = t("shop.legal.noticeTitle");
  // The legal notice stays in French (decision 044): another language marks it so.
  const french = useLanguage() === "fr" ? undefined : "fr";
  return (
    <div>
      <LegalPageHeader
        title={title}
        frenchOnly
        crumbs={[{ to: "/", label: t("common.breadcrumb.home") }, { label: title }]}
        intro={
          <p>
            Conformément à l'article 6 de la loi n° 2004-575 du 21 juin 2004 pour la confiance dans l'économie numérique (LCEN), voici
            l'identité des intervenants de la boutique en ligne Aurore.
          </p>
        }
      />
      <div lang={french} className="mx-auto max-w-3xl space-y-10 px-4 py-10 sm:px-6">
        {isFictional && (
          <p role="note" className="rounded-2xl border border-line bg-accent-soft px-5 py-4 text-sm text-ink">
            <strong>Site de démonstration :</strong> les informations signalées comme fictives ci-dessous sont des valeurs d'exemple et ne
            désignent pas une entreprise réelle.
          </p>
        )}

        <section aria-labelledby="editeur">
          <h2 id="editeur" className={sectionTitle}>
            Éditeur du site
          </h2>
          <dl className="mt-3 rounded-2xl border border-line bg-white px-5">
            <Field label="Dénomination sociale" value={info.companyName} />
            <Field label="Forme juridique" value={info.legalForm} />
            <Field label="Capital social" value={info.shareCapital} />
            <Field label="Siège social" value={info.address} />
            <Field label="Immatriculation (RCS)" value={info.rcs} />
            <Field label="Numéro de TVA intracommunautaire" value={info.vatNumber} />
            <Field label="Téléphone" value={info.phone} />
            <Field label="E-mail" value={info.email} />
          </dl>
        </section>

        <section aria-labelledby="directeur">
          <h2 id="directeur" className={sectionTitle}>
            Directeur de la publication
          </h2>
          <p className="mt-3 text-muted">{info.publicationDirector}</p>
        </section>

        <section aria-labelledby="hebergeur">
          <h2 id="hebergeur" className={sectionTitle}>
            Hébergeur
          </h2>
          <p className="mt-3 text-sm text-muted">Nom, adresse et téléphone de l'hébergeur du site :</p>
          <p className="mt-1 text-muted">{info.host}</p>
        </section>

        <section aria-labelledby="propriete">
          <h2 id="propriete" className={sectionTitle}>
            Propriété intellectuelle
          </h2>
          <div className="mt-3 space-y-3 leading-relaxed">
            <p>
              L'ensemble des éléments du site (textes, photographies, illustrations, logos, marques, mise en page, code) est protégé par le
              droit de la propriété intellectuelle. Ils appartiennent à {info.companyName} ou à leurs titulaires respectifs, notamment les
              marques des produits présentés, et sont utilisés avec leur autorisation.
            </p>
            <p>
              Toute reproduction, représentation, modification ou exploitation, totale ou partielle, sans autorisation écrite préalable est
              interdite et constitue une contrefaçon sanctionnée par les articles L335-2 et suivants du Code de la propriété intellectuelle.
            </p>
          </div>
        </section>

        <section aria-labelledby="donnees">
          <h2 id="donnees" className={sectionTitle}>
            Données personnelles et cookies
          </h2>
          <p className="mt-3 leading-relaxed">
            Le traitement de vos données est décrit dans la{" "}
            <Link to="/politique-confidentialite" className={textLink}>
              politique de confidentialité
            </Link>{" "}
            et l'usage des cookies dans la{" "}
            <Link to="/politique-cookies" className={textLink}>
              politique cookies
            </Link>
            . Les conditions de vente figurent dans les{" "}
            <Link to="/conditions-generales" className={textLink}>
              conditions générales de vente
            </Link>
            .
          </p>
        </section>

        <section aria-labelledby="contact">
          <h2 id="contact" className={sectionTitle}>
            Nous contacter
          </h2>
          <p className="mt-3 leading-relaxed">
            Par e-mail à{" "}
            <a href={`mailto:${info.email}`} className={textLink}>
              {info.email}
            </a>
            , par téléphone au {info.phone}, ou depuis la page{" "}
            <Link to="/service-client" className={textLink}>
              Service client
            </Link>
            .
          </p>
        </section>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
