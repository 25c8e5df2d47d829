import type { ReactNode } from "react";
import { isRouteErrorResponse, Link, useRouteError, useRouteLoaderData } from "react-router";
import { useRouteErrorView } from "~/components/layout/route-error-boundary";
import { ADMIN_SIGN_IN_PATH } from "./sign-in-return";

/**
 * The plain page of the team's sign-in and two-factor enrolment, outside the back-office frame:
 * the shop's wordmark, the page's title (its only h1) and a card that fits a 390 px phone.
 */
export function StaffPageFrame({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <main className="min-h-screen bg-band/40 px-4 py-10 sm:py-16">
      <div className={`mx-auto w-full ${wide ? "max-w-xl" : "max-w-md"}`}>
        <p className="text-center font-display text-3xl tracking-[0.2em] uppercase">
          <a href="/" className="rounded-sm hover:text-accent" aria-label="Aurore, retour à la boutique">
            Aurore
          </a>
        </p>
        <div className="mt-6 rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          <h1 className="font-display text-2xl sm:text-3xl">{title}</h1>
          {children}
        </div>
      </div>
    </main>
  );
}

const linkClass = "inline-flex min-h-11 items-center font-semibold text-accent underline underline-offset-2 hover:text-accent-dark";

/**
 * The error page of those two pages, in the same frame: the French refusal (a shopper's 403
 * "Accès réservé à l'équipe de la boutique") with a way to sign in with a team account instead.
 */
export function StaffPageErrorBoundary() {
  const error = useRouteError();
  const requestId = (useRouteLoaderData("root") as { requestId?: string } | undefined)?.requestId;
  const { title, text, reference } = useRouteErrorView(error);
  const refused = isRouteErrorResponse(error) && (error.status === 401 || error.status === 403);
  return (
    <StaffPageFrame title={title}>
      <p className="mt-4 text-muted">{text}</p>
      {reference && requestId ? <p className="mt-2 text-sm text-muted">Référence : {requestId}</p> : null}
      <ul className="mt-6 space-y-1">
        {refused ? (
          <li>
            {/* A full page load: the sign-in page starts without this page's refusal. */}
            <a href={ADMIN_SIGN_IN_PATH} className={linkClass}>
              Se connecter avec un compte de l&apos;équipe
            </a>
          </li>
        ) : null}
        <li>
          <Link to="/" className={linkClass}>
            Retour à la boutique
          </Link>
        </li>
      </ul>
    </StaffPageFrame>
  );
}
