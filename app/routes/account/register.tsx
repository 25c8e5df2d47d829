import { useEffect } from "react";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/register";
import { getCurrentSession } from "~/.server/auth/session.server";
import { absoluteUrl } from "~/.server/http";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { Breadcrumb } from "~/components/ui/breadcrumb";
import { openAuthModal } from "~/features/auth/public/auth-modal-store";
import { secondaryLinkClass } from "~/features/info/components/info-page-header";
import { publicPageHeaders } from "~/lib/http-cache";
import { buildMeta } from "~/lib/seo";
import { BEAUTY_PASS_POINTS_PER_EURO, BEAUTY_PASS_REDEEM_STEP_CENTS, BEAUTY_PASS_REDEEM_STEP_POINTS } from "~/lib/shop-rules";
import { localizedFormat } from "~/domain/i18n/localized-format";
import { useLanguage, useT } from "~/components/ui/i18n";
import { metaI18n } from "~/components/ui/meta-i18n";

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

export function meta({ data, matches }: Route.MetaArgs) {
  const { t, ogLocale } = metaI18n(matches);
  return buildMeta({
    title: t("common.meta.register.title"),
    description: t("common.meta.register.description"),
    url: data?.canonical ?? "/register",
    noindex: true,
    ogLocale,
  });
}

const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-full bg-accent px-6 font-semibold text-white hover:bg-accent-dark";

export default function RegisterPage() {
  const t = useT();
  const format = localizedFormat(useLanguage());
  useEffect(() => {
    openAuthModal("signup");
  }, []);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-16">
      <Breadcrumb items={[{ to: "/", label: t("account.register.home") }, { label: t("account.register.title") }]} />
      <h1 className="mt-6 font-display text-3xl sm:text-4xl">{t("account.register.title")}</h1>
      <p className="mt-4 text-lg text-muted">
        {t("account.register.intro", {
          points: BEAUTY_PASS_POINTS_PER_EURO,
          stepPoints: BEAUTY_PASS_REDEEM_STEP_POINTS,
          stepValue: format.price(BEAUTY_PASS_REDEEM_STEP_CENTS),
        })}
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <button type="button" onClick={() => openAuthModal("signup")} className={buttonClass}>
          {t("account.register.title")}
        </button>
        <button type="button" onClick={() => openAuthModal("login")} className={secondaryLinkClass}>
          {t("account.register.haveAccount")}
        </button>
      </div>
      <noscript>
        <p className="mt-6 rounded-lg bg-band px-4 py-3 text-sm">{t("account.register.noScript")}</p>
      </noscript>
      <p className="mt-8 text-sm text-muted">
        <Link to="/beauty-pass" className="font-semibold text-accent underline underline-offset-4 hover:text-accent-dark">
          {t("account.register.discoverBeautyPass")}
        </Link>
      </p>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
