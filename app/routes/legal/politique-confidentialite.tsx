import type { Route } from "./+types/politique-confidentialite";
import { absoluteUrl } from "~/.server/http";
import { legalInfoOf } from "~/.server/legal";
import { getDb } from "~/.server/db";
import { getShopIdentity } from "~/.server/modules/settings/shop-identity.service";
import { buildPrivacyPolicy } from "~/content/legal/privacy";
import { LegalDocumentPage } from "~/features/legal/components/legal-document";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { publicPageHeaders } from "~/lib/http-cache";
import { buildMeta } from "~/lib/seo";
import { useT } from "~/components/ui/i18n";

const PATH = "/politique-confidentialite";
const TITLE = "Politique de confidentialité";

export async function loader(_: Route.LoaderArgs) {
  return { legal: buildPrivacyPolicy(legalInfoOf(await getShopIdentity(await getDb()))), canonical: absoluteUrl(PATH) };
}

export const headers = publicPageHeaders;

export function meta({ data }: Route.MetaArgs) {
  return buildMeta({
    title: TITLE,
    description:
      "Données personnelles chez Aurore : données collectées, finalités, durées de conservation, destinataires, sécurité et exercice de vos droits (RGPD).",
    url: data?.canonical ?? PATH,
  });
}

export default function PolitiqueConfidentialitePage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return <LegalDocumentPage title={t("shop.legal.privacyTitle")} document={loaderData.legal} />;
}

export const ErrorBoundary = RouteErrorBoundary;
