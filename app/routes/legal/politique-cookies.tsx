import type { Route } from "./+types/politique-cookies";
import { absoluteUrl } from "~/.server/http";
import { buildCookiePolicy } from "~/content/legal/cookies";
import { openCookieBanner } from "~/components/layout/cookie-banner";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { LegalDocumentPage } from "~/features/legal/components/legal-document";
import { publicPageHeaders } from "~/lib/http-cache";
import { buildMeta } from "~/lib/seo";
import { useLanguage, useT } from "~/components/ui/i18n";
import { metaI18n } from "~/components/ui/meta-i18n";

const PATH = "/politique-cookies";
/** The section after which the "Modifier mes choix" button sits. */
const CHOICE_SECTION_ID = "votre-choix";

export function loader(_: Route.LoaderArgs) {
  return { legal: buildCookiePolicy(), canonical: absoluteUrl(PATH) };
}

export const headers = publicPageHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  const { t, ogLocale } = metaI18n(matches);
  return buildMeta({
    title: t("common.meta.cookies.title"),
    description: t("common.meta.cookies.description"),
    url: data?.canonical ?? PATH,
    ogLocale,
  });
}

export default function PolitiqueCookiesPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const language = useLanguage();
  return (
    <LegalDocumentPage
      title={t("shop.legal.cookiesTitle")}
      document={loaderData.legal}
      afterSection={(section) =>
        section.id === CHOICE_SECTION_ID ? (
          <button
            type="button"
            onClick={() => openCookieBanner()}
            lang={language}
            className="mt-5 inline-flex min-h-11 items-center justify-center rounded-full bg-accent px-6 font-semibold text-white hover:bg-accent-dark"
          >
            {t("shop.legal.changeChoices")}
          </button>
        ) : null
      }
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
