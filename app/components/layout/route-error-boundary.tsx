import { isRouteErrorResponse, Link, useRouteError } from "react-router";

/**
 * Error boundary for pages inside the shop layout: the header and footer stay, the page says
 * what happened in French. A 404 thrown with a message (`data("Produit introuvable", 404)`)
 * shows that message.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  let title = "Une erreur est survenue";
  let text = "Nous n'avons pas pu afficher cette page. Veuillez réessayer dans un instant.";
  let back = { to: "/", label: "Retour à l'accueil" };
  if (isRouteErrorResponse(error) && error.status === 404) {
    title = typeof error.data === "string" && error.data ? error.data : "Page introuvable";
    text = "La page que vous cherchez n'existe pas ou a été déplacée.";
    back = { to: "/products", label: "Voir tous les produits" };
  } else if (isRouteErrorResponse(error) && (error.status === 401 || error.status === 403)) {
    title = typeof error.data === "string" && error.data ? error.data : "Accès non autorisé";
    text =
      error.status === 401
        ? "Connectez-vous pour accéder à cette page."
        : "Votre compte n'a pas accès à cette page.";
  } else {
    console.error(error);
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>{`${title} | Aurore`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="font-display text-3xl">{title}</h1>
      <p className="mt-4 text-muted">{text}</p>
      <Link
        to={back.to}
        className="mt-8 inline-flex min-h-11 items-center rounded-full bg-accent px-6 font-semibold text-white hover:bg-accent-dark"
      >
        {back.label}
      </Link>
    </div>
  );
}
