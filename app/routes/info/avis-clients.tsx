import { Link } from "react-router";
import { useT } from "~/components/ui/i18n";
import type { Route } from "./+types/avis-clients";
import { absoluteUrl } from "~/.server/http";
import { InfoPageHeader, textLinkClass } from "~/features/info/components/info-page-header";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { publicPageHeaders } from "~/lib/http-cache";
import { buildMeta } from "~/lib/seo";
import { REVIEW_BODY_MAX, REVIEW_REJECTION_LABELS, REVIEW_REJECTION_REASONS, REVIEW_REPORT_THRESHOLD } from "~/domain/reviews/review-rules";

export async function loader(_: Route.LoaderArgs) {
  return { canonical: absoluteUrl("/avis-clients") };
}

export const headers = publicPageHeaders;

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Nos avis clients | Aurore" }];
  return buildMeta({
    title: "Nos avis clients : comment ils sont collectés et vérifiés",
    description:
      "Qui peut donner son avis sur Aurore, comment les avis sont vérifiés et modérés, délais, motifs de refus, durée de publication : les règles de nos avis clients.",
    url: data.canonical,
  });
}

const sectionTitle = "font-display text-2xl";

/**
 * How reviews are collected, checked and published, as the Code de la consommation asks
 * (L111-7-2, D111-16 to D111-19). The figures come from the review rules themselves.
 */
export default function ReviewRulesPage() {
  const t = useT();
  return (
    <div>
      <InfoPageHeader title={t("shop.info.reviewsTitle")}>
        <p>
          Les avis publiés sur Aurore sont ceux de clients ayant acheté et reçu le produit. Voici comment nous les recueillons et les
          contrôlons.
        </p>
      </InfoPageHeader>

      <div className="mx-auto max-w-3xl space-y-12 px-4 py-10 sm:px-6">
        <section aria-labelledby="qui">
          <h2 id="qui" className={sectionTitle}>
            Qui peut donner son avis
          </h2>
          <p className="mt-3">
            Seuls les clients disposant d'un compte Aurore et ayant reçu le produit peuvent l'évaluer, une fois par variante achetée
            (contenance ou teinte). Ces avis portent la mention <strong>« Avis vérifié »</strong>. Un article retourné et remboursé ne peut
            plus être évalué.
          </p>
          <p className="mt-3">
            Les avis affichés sur les fiches produits de la boutique de démonstration ont été générés pour l'exemple : ils ne portent pas la
            mention « Avis vérifié ».
          </p>
        </section>

        <section aria-labelledby="controle">
          <h2 id="controle" className={sectionTitle}>
            Comment les avis sont contrôlés
          </h2>
          <p className="mt-3">
            Chaque avis est lu par notre équipe avant publication, en général sous 72 heures ouvrées. Nous publions les avis positifs comme
            négatifs : une note basse n'est jamais un motif de refus, et nous ne modifions pas le texte des avis. Un avis est refusé
            uniquement pour l'un des motifs suivants, que nous indiquons à son auteur :
          </p>
          <ul className="mt-3 list-disc space-y-1 pl-6">
            {REVIEW_REJECTION_REASONS.map((r) => (
              <li key={r}>{REVIEW_REJECTION_LABELS[r]}</li>
            ))}
          </ul>
          <p className="mt-3">
            Un avis est limité à {REVIEW_BODY_MAX.toLocaleString("fr-FR")} caractères. Chacun peut signaler un avis publié avec le bouton «
            Signaler » ; après {REVIEW_REPORT_THRESHOLD} signalements, l'avis est retiré le temps d'être examiné à nouveau.
          </p>
        </section>

        <section aria-labelledby="affichage">
          <h2 id="affichage" className={sectionTitle}>
            Affichage et durée
          </h2>
          <p className="mt-3">
            Les avis sont affichés par défaut du plus récent au plus ancien, avec leur date de publication ; vous pouvez les trier par
            utilité ou par note et les filtrer par nombre d'étoiles. La note moyenne d'un produit est calculée sur tous les avis publiés,
            sans pondération. Les avis restent publiés tant que le produit est en vente, et au plus cinq ans. Leur auteur peut les supprimer
            à tout moment depuis la fiche du produit.
          </p>
        </section>

        <section aria-labelledby="contrepartie">
          <h2 id="contrepartie" className={sectionTitle}>
            Aucune contrepartie
          </h2>
          <p className="mt-3">
            Aucun avis n'est rémunéré ni récompensé (ni points Beauty Pass, ni réduction), et aucun avis n'est sollicité auprès de personnes
            n'ayant pas acheté le produit. La boutique peut répondre publiquement sous un avis ; sa réponse est signée « Réponse d'Aurore ».
          </p>
          <p className="mt-3">
            Une question sur un avis ? Écrivez-nous depuis le{" "}
            <Link to="/service-client" className={textLinkClass}>
              service client
            </Link>
            .
          </p>
        </section>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
