import { Link } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { getDb } from "~/.server/db";
import { unsubscribe } from "~/.server/modules/newsletter/newsletter.service";
import { InfoPageHeader, primaryLinkClass } from "~/features/info/components/info-page-header";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";

/** /newsletter/desinscription?token=...: the unsubscribe link of the newsletter mails. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = await unsubscribe(await getDb(), token);
  return { unsubscribed: result.ok };
}

export function headers(): HeadersInit {
  return { "Cache-Control": "no-store" };
}

export function meta({ data }: Route.MetaArgs) {
  return [
    {
      title: `${data?.unsubscribed ? "Désinscription de la newsletter" : "Lien invalide ou expiré"} | Aurore`,
    },
    { name: "robots", content: "noindex" },
  ];
}

export default function NewsletterUnsubscribePage({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      {loaderData.unsubscribed ? (
        <InfoPageHeader title="Vous êtes désinscrit(e) de la newsletter">
          <p>Vous ne recevrez plus nos e-mails. Vous pouvez vous réinscrire à tout moment depuis notre site.</p>
        </InfoPageHeader>
      ) : (
        <InfoPageHeader title="Lien invalide ou expiré">
          <p>Ce lien de désinscription n'est pas valable. Contactez notre service client si besoin.</p>
        </InfoPageHeader>
      )}
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <Link to="/" className={primaryLinkClass}>
          Retour à l'accueil
        </Link>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
