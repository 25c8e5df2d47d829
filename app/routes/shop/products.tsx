import type { Route } from "./+types/products";
import { getDb } from "~/.server/db";
import { absoluteUrl } from "~/.server/http";
import { browseCatalogue } from "~/.server/modules/catalog/catalogue-page.service";
import { parseCatalogueParams } from "~/domain/catalog/catalog.schema";
import { CatalogueListing } from "~/features/catalog/components/catalogue-listing";
import { ShippingBanner } from "~/features/catalog/components/shipping-banner";
import { publicPageHeaders } from "~/lib/http-cache";
import { buildMeta } from "~/lib/seo";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { RecentlyViewed } from "~/features/catalog/components/recently-viewed";
import { useT } from "~/components/ui/i18n";
import { metaI18n } from "~/components/ui/meta-i18n";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseCatalogueParams(url.searchParams);
  const result = await browseCatalogue(await getDb(), query);
  // One category chosen: the listing is that category's (its page is the canonical one).
  const categoryFacet = result.facets.find((f) => f.key === "category");
  const selected = categoryFacet?.values.filter((v) => v.selected) ?? [];
  const category = selected.length === 1 ? selected[0] : undefined;
  return {
    /** The one chosen category's name; null for the whole catalogue (its title is translated). */
    title: category?.label ?? null,
    query,
    result,
    canonical: absoluteUrl(category ? `/category/${category.value}` : "/products"),
  };
}

export const headers = publicPageHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  const { t, ogLocale } = metaI18n(matches);
  if (!data) return [{ title: `${t("common.meta.catalogue.title")} | Aurore` }];
  const title = data.title ?? t("common.header.allProducts");
  return buildMeta({
    title: data.query.search ? t("common.meta.catalogue.search", { search: data.query.search, title }) : title,
    description: t("common.meta.catalogue.description", { count: data.result.total }),
    url: data.canonical,
    ogLocale,
    noindex: Boolean(data.query.search) || data.result.page > 1,
  });
}

export default function ProductsPage({ loaderData }: Route.ComponentProps) {
  const { title, query, result } = loaderData;
  const t = useT();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-12">
      <h1 className="font-display text-3xl sm:text-4xl">{title ?? t("common.header.allProducts")}</h1>
      <div className="mt-4">
        <ShippingBanner />
      </div>
      <div className="mt-4 lg:mt-8">
        <CatalogueListing result={result} query={query} action="/products" />
      </div>
      <RecentlyViewed />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
