import type { Route } from "./+types/products";
import { getDb } from "~/.server/db";
import { absoluteUrl } from "~/.server/http";
import { listCategories, listProducts, toCardViews } from "~/.server/modules/catalog/catalog.service";
import { parseCatalogueParams } from "~/domain/catalog/catalog.schema";
import { FilterPanel } from "~/features/catalog/components/filter-panel";
import { CatalogueResults } from "~/features/catalog/components/catalogue-results";
import { ShippingBanner } from "~/features/catalog/components/shipping-banner";
import { publicPageHeaders } from "~/lib/http-cache";
import { buildMeta } from "~/lib/seo";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { RecentlyViewed } from "~/features/catalog/components/recently-viewed";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseCatalogueParams(url.searchParams);
  const db = await getDb();
  const [categories, result] = await Promise.all([listCategories(db), listProducts(db, query)]);
  const category = query.category ? categories.find((c) => c.slug === query.category) : undefined;
  const title = category?.name ?? "Tous les produits";
  // The canonical page of a filtered listing is the listing itself (category kept).
  const canonical = absoluteUrl(category ? `/category/${category.slug}` : "/products");
  return {
    title,
    query,
    categories: categories.map(({ id, name, slug }) => ({ id, name, slug })),
    result: {
      items: await toCardViews(db, result.items),
      total: result.total,
      page: result.page,
      pageCount: result.page_count,
      matchedBy: result.matchedBy,
    },
    canonical,
  };
}

export const headers = publicPageHeaders;

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Catalogue | Aurore" }];
  const searched = data.query.search ? `Recherche « ${data.query.search} » — ` : "";
  return buildMeta({
    title: `${searched}${data.title}`,
    description: `${data.result.total} produit(s) de beauté : parfums, soins, maquillage, accessoires. Livraison 48H offerte dès 100 €.`,
    url: data.canonical,
    noindex: Boolean(data.query.search) || data.result.page > 1,
  });
}

export default function ProductsPage({ loaderData }: Route.ComponentProps) {
  const { title, query, categories, result } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="font-display text-3xl sm:text-4xl">{title}</h1>
      <div className="mt-4">
        <ShippingBanner />
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[16rem_1fr]">
        <aside aria-label="Filtres">
          <FilterPanel key={JSON.stringify(query)} categories={categories} query={query} action="/products" />
        </aside>
        <CatalogueResults
          products={result.items}
          total={result.total}
          page={result.page}
          pageCount={result.pageCount}
          matchedBy={result.matchedBy}
          search={query.search}
        />
      </div>
      <RecentlyViewed />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
