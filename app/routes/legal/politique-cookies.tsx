import type { Route } from "./+types/politique-cookies";
import { absoluteUrl } from "~/.server/http";
import { buildCookiePolicy } from "~/content/legal/cookies";
import { openCookieBanner } from "~/components/layout/cookie-banner";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import {
  LegalPageHeader,
  LegalSectionView,
  LegalTableOfContents,
  RichText,
} from "~/features/legal/components/legal-document";
import { publicPageHeaders } from "~/lib/http-cache";
import { buildMeta } from "~/lib/seo";

const PATH = "/politique-cookies";
const TITLE = "Politique cookies";
/** The section after which the "Modifier mes choix" button sits. */
const CHOICE_SECTION_ID = "votre-choix";

export function loader(_: Route.LoaderArgs) {
  return { legal: buildCookiePolicy(), canonical: absoluteUrl(PATH) };
}

export const headers = publicPageHeaders;

export function meta({ data }: Route.MetaArgs) {
  return buildMeta({
    title: TITLE,
    description:
      "Cookies et stockage local sur Aurore : uniquement ce qui est nécessaire au site, aucun cookie publicitaire ni de mesure d'audience. Modifiez votre choix à tout moment.",
    url: data?.canonical ?? PATH,
  });
}

export default function PolitiqueCookiesPage({ loaderData }: Route.ComponentProps) {
  const { legal } = loaderData;
  return (
    <div>
      <LegalPageHeader
        title={TITLE}
        crumbs={[{ to: "/", label: "Accueil" }, { label: TITLE }]}
        updatedAt={legal.updatedAt}
        intro={legal.intro.map((text) => (
          <p key={text}>
            <RichText text={text} />
          </p>
        ))}
      />
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start">
        <div className="lg:sticky lg:top-24">
          <LegalTableOfContents sections={legal.sections} />
        </div>
        <div className="min-w-0 space-y-10">
          {legal.sections.map((section) => (
            <div key={section.id}>
              <LegalSectionView section={section} />
              {section.id === CHOICE_SECTION_ID && (
                <button
                  type="button"
                  onClick={() => openCookieBanner()}
                  className="mt-5 inline-flex min-h-11 items-center justify-center rounded-full bg-accent px-6 font-semibold text-white hover:bg-accent-dark"
                >
                  Modifier mes choix
                </button>
              )}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
