import { isRouteErrorResponse, Link, useRouteError, useRouteLoaderData } from "react-router";

type RootData = { requestId?: string } | undefined;

export type RouteErrorView = {
  title: string;
  text: string;
  /** Unexpected failures show the request's reference, which the server log also carries. */
  reference: boolean;
  back: { to: string; label: string };
};

const GENERIC_TEXT = "Nous n'avons pas pu afficher cette page. Veuillez réessayer dans un instant.";

/**
 * What the user reads for an error, in French. A response the app threw on purpose (404
 * "Produit introuvable", 400 "Ce champ contient des caractères non autorisés.") shows its own
 * message; anything else (an exception, React Router's own English texts) only a generic
 * message and the reference: an exception's text can hold SQL or internal names.
 */
export function describeRouteError(error: unknown): RouteErrorView {
  const home = { to: "/", label: "Retour à l'accueil" };
  if (isRouteErrorResponse(error) && error.status < 500) {
    // React Router's own responses (internal: no route, no action) carry English developer text.
    const internal = (error as { internal?: boolean }).internal === true;
    const own = !internal && typeof error.data === "string" && error.data ? error.data : null;
    if (error.status === 404) {
      return {
        title: own ?? "Page introuvable",
        text: "La page que vous cherchez n'existe pas ou a été déplacée.",
        reference: false,
        back: { to: "/products", label: "Voir tous les produits" },
      };
    }
    if (error.status === 401 || error.status === 403) {
      return {
        title: own ?? "Accès non autorisé",
        text: error.status === 401 ? "Connectez-vous pour accéder à cette page." : "Votre compte n'a pas accès à cette page.",
        reference: false,
        back: home,
      };
    }
    const title = error.status === 413 ? "Requête trop volumineuse" : error.status === 429 ? "Trop de tentatives" : "Requête invalide";
    return { title, text: own ?? "La requête envoyée n'a pas pu être traitée.", reference: false, back: home };
  }
  return { title: "Une erreur est survenue", text: GENERIC_TEXT, reference: true, back: home };
}

/**
 * Error boundary for pages inside the shop layout: the header and footer stay, the page says
 * what happened in French, with the request's reference for an unexpected failure.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const requestId = (useRouteLoaderData("root") as RootData)?.requestId;
  const { title, text, reference, back } = describeRouteError(error);
  // On the server the error is already logged with its request id (entry.server.tsx handleError).
  if (reference && typeof document !== "undefined") console.error(error);
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>{`${title} | Aurore`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="font-display text-3xl">{title}</h1>
      <p className="mt-4 text-muted">{text}</p>
      {reference && requestId ? <p className="mt-2 text-sm text-muted">Référence : {requestId}</p> : null}
      <Link
        to={back.to}
        className="mt-8 inline-flex min-h-11 items-center rounded-full bg-accent px-6 font-semibold text-white hover:bg-accent-dark"
      >
        {back.label}
      </Link>
    </div>
  );
}
