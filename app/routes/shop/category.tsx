import { data, Link } from "react-router";
import { Breadcrumb } from "~/components/ui/breadcrumb";
import type { Route } from "./+types/category";
import { getDb } from "~/.server/db";
import { absoluteUrl } from "~/.server/http";
import { getCategoryBySlug } from "~/.server/modules/catalog/catalog.service";
import { browseCatalogue } from "~/.server/modules/catalog/catalogue-page.service";
import { parseCatalogueParams } from "~/domain/catalog/catalog.schema";
import type { PinnedFacet } from "~/features/catalog/components/filter-panel";
import { CatalogueListing } from "~/features/catalog/components/catalogue-listing";
import { ShippingBanner } from "~/features/catalog/components/shipping-banner";
import { publicPageHeaders } from "~/lib/http-cache";
import { isSafeText } from "~/lib/safe-text.rules";
import { buildMeta, summarize } from "~/lib/seo";
import { useT } from "~/components/ui/i18n";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { metaI18n } from "~/components/ui/meta-i18n";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

export async function loader({ request, params }: Route.LoaderArgs) {
  // A slug the shop could never have made (NUL, a lone surrogate) is simply not a category.
  if (!isSafeText(params.slug) || params.slug.length > 200) throw data(SHOP_MESSAGES.categoryNotFound, { status: 404 });
  const db = await getDb();
  const category = await getCategoryBySlug(db, params.slug);
  if (!category) throw data(SHOP_MESSAGES.categoryNotFound, { status: 404 });
  const url = new URL(request.url);
  // The category is the page's own: a category in the address is not another filter.
  const query = { ...parseCatalogueParams(url.searchParams), category: [category.slug] };
  return {
    category,
    query,
    result: await browseCatalogue(db, query),
    canonical: absoluteUrl(`/category/${category.slug}`),
  };
}

export const headers = publicPageHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  const { t, ogLocale } = metaI18n(matches);
  if (!data) return [{ title: `${t("common.meta.category.notFound")} | Aurore` }];
  // The category's name and description are product data: French in both languages.
  return buildMeta({
    title: data.category.name,
    description: summarize(data.category.description) || t("common.meta.category.description", { name: data.category.name }),
    url: data.canonical,
    noindex: Boolean(data.query.search) || data.result.page > 1,
    ogLocale,
  });
}

const categoryPath = (slug: string) => `/category/${slug}`;

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, query, result } = loaderData;
  const t = useT();
  const pinned: PinnedFacet = { key: "category", slug: category.slug, pathFor: categoryPath, allLabel: t("shop.catalogue.allCategories") };
  return (
    <div>
      <header className="bg-band">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
          <Breadcrumb
            items={[
              { to: "/", label: t("common.breadcrumb.home") },
              { to: "/products", label: t("common.search.group.products") },
              { label: category.name },
            ]}
          />
          <h1 className="mt-4 font-display text-4xl">{category.name}</h1>
          {category.description && <p className="mt-3 max-w-2xl text-muted">{category.description}</p>}
        </div>
      </header>
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <ShippingBanner />
        <div className="mt-6 lg:mt-8">
          <CatalogueListing result={result} query={query} action={`/category/${category.slug}`} pinned={pinned} />
        </div>
        <section className="mt-16 rounded-2xl bg-cream px-6 py-10 text-center" aria-labelledby="pas-trouve">
          <h2 id="pas-trouve" className="font-display text-2xl">
            {t("shop.catalogue.notFoundTitle")}
          </h2>
          <p className="mt-2 text-muted">{t("shop.catalogue.notFoundText")}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link
              to="/products"
              className="inline-flex min-h-11 items-center rounded-full bg-accent px-6 font-semibold text-white hover:bg-accent-dark"
            >
              {t("common.error.seeAllProducts")}
            </Link>
            <Link
              to="/service-client"
              className="inline-flex min-h-11 items-center rounded-full border border-ink px-6 font-semibold hover:bg-ink hover:text-white"
            >
              {t("shop.catalogue.contactService")}
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
