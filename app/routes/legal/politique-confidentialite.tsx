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
import { metaI18n } from "~/components/ui/meta-i18n";

const PATH = "/politique-confidentialite";

export async function loader(_: Route.LoaderArgs) {
  return { legal: buildPrivacyPolicy(legalInfoOf(await getShopIdentity(await getDb()))), canonical: absoluteUrl(PATH) };
}

export const headers = publicPageHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  const { t, ogLocale } = metaI18n(matches);
  return buildMeta({
    title: t("common.meta.privacy.title"),
    description: t("common.meta.privacy.description"),
    url: data?.canonical ?? PATH,
    ogLocale,
  });
}

export default function PolitiqueConfidentialitePage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return <LegalDocumentPage title={t("shop.legal.privacyTitle")} document={loaderData.legal} />;
}

export const ErrorBoundary = RouteErrorBoundary;
