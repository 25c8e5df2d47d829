import type { Route } from "./+types/conditions-generales";
import { absoluteUrl } from "~/.server/http";
import { getDb } from "~/.server/db";
import { legalInfoOf } from "~/.server/legal";
import { getShopIdentity } from "~/.server/modules/settings/shop-identity.service";
import { getShippingSettings } from "~/.server/modules/delivery/shipping-settings.service";
import { buildCgv } from "~/content/legal/cgv";
import { LegalDocumentPage } from "~/features/legal/components/legal-document";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { publicPageHeaders } from "~/lib/http-cache";
import { buildMeta } from "~/lib/seo";
import { useT } from "~/components/ui/i18n";
import { metaI18n } from "~/components/ui/meta-i18n";

const PATH = "/conditions-generales";

export async function loader(_: Route.LoaderArgs) {
  const db = await getDb();
  const shipping = await getShippingSettings(db);
  return { legal: buildCgv(legalInfoOf(await getShopIdentity(db)), shipping), canonical: absoluteUrl(PATH) };
}

export const headers = publicPageHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  const { t, ogLocale } = metaI18n(matches);
  return buildMeta({
    title: t("common.meta.cgv.title"),
    description: t("common.meta.cgv.description"),
    url: data?.canonical ?? PATH,
    ogLocale,
  });
}

export default function ConditionsGeneralesPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return <LegalDocumentPage title={t("shop.legal.cgvTitle")} document={loaderData.legal} />;
}

export const ErrorBoundary = RouteErrorBoundary;
