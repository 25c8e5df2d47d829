import type { Route } from "./+types/conditions-generales";
import { absoluteUrl } from "~/.server/http";
import { getDb } from "~/.server/db";
import { legalInfoOf } from "~/.server/legal";
import { getShopIdentity } from "~/.server/modules/settings/shop-identity.service";
import { getShippingSettings } from "~/.server/modules/settings/shop-settings.service";
import { buildCgv } from "~/content/legal/cgv";
import { LegalDocumentPage } from "~/features/legal/components/legal-document";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { publicPageHeaders } from "~/lib/http-cache";
import { buildMeta } from "~/lib/seo";
import { useT } from "~/components/ui/i18n";

const PATH = "/conditions-generales";
const TITLE = "Conditions générales de vente";

export async function loader(_: Route.LoaderArgs) {
  const db = await getDb();
  const shipping = await getShippingSettings(db);
  return { legal: buildCgv(legalInfoOf(await getShopIdentity(db)), shipping), canonical: absoluteUrl(PATH) };
}

export const headers = publicPageHeaders;

export function meta({ data }: Route.MetaArgs) {
  return buildMeta({
    title: TITLE,
    description:
      "Conditions générales de vente Aurore : prix, commande, paiement, livraison, droit de rétractation de 14 jours, retours gratuits sous 30 jours et garanties légales.",
    url: data?.canonical ?? PATH,
  });
}

export default function ConditionsGeneralesPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return <LegalDocumentPage title={t("shop.legal.cgvTitle")} document={loaderData.legal} />;
}

export const ErrorBoundary = RouteErrorBoundary;
