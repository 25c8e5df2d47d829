import { Link } from "react-router";
import type { Route } from "./+types/confirmation";
import { getDb } from "~/.server/db";
import { confirmSubscription } from "~/.server/modules/newsletter/newsletter.service";
import { NEWSLETTER_WELCOME_OFFER } from "~/domain/newsletter/newsletter.rules";
import { InfoPageHeader, primaryLinkClass } from "~/features/info/components/info-page-header";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";

/** The link of the confirmation mail (double opt-in): the subscription becomes active here. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = await confirmSubscription(await getDb(), token);
  return { confirmed: result.ok };
}

// One-time result: never cached nor indexed.
export function headers(): HeadersInit {
  return { "Cache-Control": "no-store" };
}

export function meta({ data }: Route.MetaArgs) {
  return [
    {
      title: `${data?.confirmed ? "Inscription confirmée" : "Lien invalide ou expiré"} | Aurore`,
    },
    { name: "robots", content: "noindex" },
  ];
}

export default function NewsletterConfirmationPage({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      {loaderData.confirmed ? (
        <InfoPageHeader title="Inscription confirmée">
          <p>Bienvenue dans la newsletter Aurore ! Vous profitez de {NEWSLETTER_WELCOME_OFFER} : le code vous sera envoyé par e-mail.</p>
        </InfoPageHeader>
      ) : (
        <InfoPageHeader title="Lien invalide ou expiré">
          <p>Ce lien de confirmation n'est plus valable. Inscrivez-vous à nouveau : un nouveau lien vous sera envoyé.</p>
        </InfoPageHeader>
      )}
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <Link to={loaderData.confirmed ? "/products" : "/about"} className={primaryLinkClass}>
          {loaderData.confirmed ? "Découvrir nos produits" : "S'inscrire à nouveau"}
        </Link>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
