import { useEffect } from "react";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/register";
import { getCurrentSession } from "~/.server/auth/session.server";
import { absoluteUrl } from "~/.server/http";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { Breadcrumb } from "~/components/ui/breadcrumb";
import { openAuthModal } from "~/components/auth/auth-modal-store";
import { secondaryLinkClass } from "~/features/info/components/info-page-header";
import { publicPageHeaders } from "~/lib/http-cache";
import { buildMeta } from "~/lib/seo";
import { BEAUTY_PASS_POINTS_PER_EURO, BEAUTY_PASS_REDEEM_STEP_CENTS, BEAUTY_PASS_REDEEM_STEP_POINTS } from "~/lib/shop-rules";
import { formatPrice } from "~/lib/money";

/**
 * /register (linked from /beauty-pass): a short page that opens the sign-up dialog as soon as it
 * is interactive, with a visible "Créer un compte" button to open it again. Signing up happens in
 * the dialog (the auth client needs JavaScript); without it the page says so. A signed-in shopper
 * has nothing to do here and goes to the dashboard; after a successful sign-up the dialog
 * revalidates the page, and this same loader takes the new member there.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (await getCurrentSession(request)) {
    throw redirect("/dashboard", { headers: { "Cache-Control": "private, no-store" } });
  }
  return { canonical: absoluteUrl("/register") };
}

export const headers = publicPageHeaders;

export function meta({ data }: Route.MetaArgs) {
  return buildMeta({
    title: "Créer un compte",
    description: "Créez votre compte Aurore : suivez vos commandes, gardez vos favoris et cumulez des points Beauty Pass.",
    url: data?.canonical ?? "/register",
    noindex: true,
  });
}

const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-full bg-accent px-6 font-semibold text-white hover:bg-accent-dark";

export default function RegisterPage() {
  useEffect(() => {
    openAuthModal("signup");
  }, []);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-16">
      <Breadcrumb items={[{ to: "/", label: "Accueil" }, { label: "Créer un compte" }]} />
      <h1 className="mt-6 font-display text-3xl sm:text-4xl">Créer un compte</h1>
      <p className="mt-4 text-lg text-muted">
        Un compte Aurore, c'est votre Beauty Pass ouvert tout de suite : 1 € dépensé = {BEAUTY_PASS_POINTS_PER_EURO} point sur vos commandes
        livrées, et {BEAUTY_PASS_REDEEM_STEP_POINTS} points = {formatPrice(BEAUTY_PASS_REDEEM_STEP_CENTS)} de réduction. Vous suivez aussi
        vos commandes, vos adresses et vos favoris.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <button type="button" onClick={() => openAuthModal("signup")} className={buttonClass}>
          Créer un compte
        </button>
        <button type="button" onClick={() => openAuthModal("login")} className={secondaryLinkClass}>
          J'ai déjà un compte
        </button>
      </div>
      <noscript>
        <p className="mt-6 rounded-lg bg-band px-4 py-3 text-sm">
          La création de compte a besoin de JavaScript : activez-le dans votre navigateur puis rechargez la page.
        </p>
      </noscript>
      <p className="mt-8 text-sm text-muted">
        <Link to="/beauty-pass" className="font-semibold text-accent underline underline-offset-4 hover:text-accent-dark">
          Découvrir le Beauty Pass
        </Link>
      </p>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
