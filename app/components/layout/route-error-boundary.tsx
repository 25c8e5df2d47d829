import { isRouteErrorResponse, Link, useLocation, useRouteError, useRouteLoaderData } from "react-router";
import { useT, useTranslateMessage, type Translate } from "~/components/ui/i18n";

type RootData = { requestId?: string } | undefined;

export type RouteErrorView = {
  title: string;
  text: string;
  /** Unexpected failures show the request's reference, which the server log also carries. */
  reference: boolean;
  back: { to: string; label: string };
};

/**
 * What the user reads for an error, in the page's language (`t`). A response the app threw on
 * purpose (404 "Produit introuvable", 400 "Ce champ contient des caractères non autorisés.") shows
 * its own French message, through `translateMessage` (decision 044); anything else (an exception,
 * React Router's own English texts) only a generic message and the reference: an exception's text
 * can hold SQL or internal names.
 */
export function describeRouteError(
  error: unknown,
  t: Translate,
  translateMessage: (text: string) => string = (text) => text,
  /** The page's path and query: a back-office page signed out of leads to its sign-in page and back. */
  page = "/",
): RouteErrorView {
  const home = { to: "/", label: t("common.error.backHome") };
  if (isRouteErrorResponse(error) && error.status < 500) {
    // React Router's own responses (internal: no route, no action) carry English developer text.
    const internal = (error as { internal?: boolean }).internal === true;
    const own = !internal && typeof error.data === "string" && error.data ? translateMessage(error.data) : null;
    if (error.status === 404) {
      return {
        title: own ?? t("common.error.notFoundTitle"),
        text: t("common.error.notFoundText"),
        reference: false,
        back: { to: "/products", label: t("common.error.seeAllProducts") },
      };
    }
    if (error.status === 401 || error.status === 403) {
      // The team signs in on its own page (decision 066), and comes back to the page it was on.
      const staffSignIn = error.status === 401 && /^\/admin(\/|$|\?)/.test(page) && !page.startsWith("/admin/connexion");
      return {
        title: own ?? t("common.error.forbiddenTitle"),
        text: error.status === 401 ? t("common.error.signInText") : t("common.error.forbiddenText"),
        reference: false,
        back: staffSignIn ? { to: `/admin/connexion?retour=${encodeURIComponent(page)}`, label: t("common.error.signIn") } : home,
      };
    }
    const title =
      error.status === 413 ? t("common.error.tooLarge") : error.status === 429 ? t("common.error.tooMany") : t("common.error.badRequest");
    return { title, text: own ?? t("common.error.badRequestText"), reference: false, back: home };
  }
  return { title: t("common.error.unexpectedTitle"), text: t("common.error.unexpectedText"), reference: true, back: home };
}

/** The error's description in the page's language. */
export function useRouteErrorView(error: unknown): RouteErrorView {
  const location = useLocation();
  return describeRouteError(error, useT(), useTranslateMessage(), `${location.pathname}${location.search}`);
}

/**
 * Error boundary for pages inside the shop layout: the header and footer stay, the page says
 * what happened in the page's language, with the request's reference for an unexpected failure.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const requestId = (useRouteLoaderData("root") as RootData)?.requestId;
  const { title, text, reference, back } = useRouteErrorView(error);
  const t = useT();
  // On the server the error is already logged with its request id (entry.server.tsx handleError).
  if (reference && typeof document !== "undefined") console.error(error);
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>{`${title} | Aurore`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="font-display text-3xl">{title}</h1>
      <p className="mt-4 text-muted">{text}</p>
      {reference && requestId ? <p className="mt-2 text-sm text-muted">{t("common.error.reference", { requestId })}</p> : null}
      <Link
        to={back.to}
        className="mt-8 inline-flex min-h-11 items-center rounded-full bg-accent px-6 font-semibold text-white hover:bg-accent-dark"
      >
        {back.label}
      </Link>
    </div>
  );
}
