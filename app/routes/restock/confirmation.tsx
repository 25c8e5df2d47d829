import { Link } from "react-router";
import type { Route } from "./+types/confirmation";
import { getDb } from "~/.server/db";
import { confirmRestockAlert } from "~/.server/modules/catalog/restock-alerts.service";
import { InfoPageHeader, primaryLinkClass } from "~/features/info/components/info-page-header";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";

/** The link of the confirmation mail (double opt-in): the restock alert starts waiting here. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = await confirmRestockAlert(await getDb(), token);
  return result.ok
    ? {
        confirmed: true as const,
        productName: result.productName,
        productUrl: `/product/${result.productId}?variant=${encodeURIComponent(result.sku)}`,
      }
    : { confirmed: false as const };
}

// One-time result: never cached nor indexed.
export function headers(): HeadersInit {
  return { "Cache-Control": "no-store" };
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `${data?.confirmed ? "Alerte confirmée" : "Lien invalide ou déjà utilisé"} | Aurore` },
    { name: "robots", content: "noindex" },
  ];
}

export default function RestockConfirmationPage({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      {loaderData.confirmed ? (
        <InfoPageHeader title="Alerte confirmée">
          <p>Nous vous écrirons une seule fois, dès le retour en stock de « {loaderData.productName} ».</p>
        </InfoPageHeader>
      ) : (
        <InfoPageHeader title="Lien invalide ou déjà utilisé">
          <p>Ce lien de confirmation n'est plus valable. Demandez une nouvelle alerte depuis la page du produit.</p>
        </InfoPageHeader>
      )}
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <Link to={loaderData.confirmed ? loaderData.productUrl : "/products"} className={primaryLinkClass}>
          {loaderData.confirmed ? "Revoir le produit" : "Découvrir nos produits"}
        </Link>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
