import { Link, useLocation, useNavigation } from "react-router";
import type { ProductCardView } from "~/domain/catalog/catalog.types";
import type { ActiveFilter } from "~/domain/catalog/active-filters";
import { ProductCardSkeleton, ProductGrid } from "~/features/catalog/public/product-card";
import { CATALOGUE_SKELETON_COUNT } from "~/lib/shop-rules";
import { T, useT, useTranslateMessage } from "~/components/ui/i18n";
import { Pagination } from "./pagination";

type Props = {
  products: ProductCardView[];
  total: number;
  page: number;
  pageCount: number;
  matchedBy?: "fts" | "fuzzy";
  search?: string;
  /** The filter added last: an empty result offers to remove it. */
  lastFilter?: ActiveFilter;
  /** A corrected search (set by the search when the words as typed found nothing). */
  suggestion?: string;
  /** A few favourites shown when nothing matches. */
  bestSellers?: ProductCardView[];
};

/** Count, grid, empty state with a way out, and pagination; skeleton cards while a client navigation loads. */
export function CatalogueResults({ products, total, page, pageCount, matchedBy, search, lastFilter, suggestion, bestSellers = [] }: Props) {
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  const params = new URLSearchParams(location.search);
  const t = useT();
  const translateMessage = useTranslateMessage();
  const suggestionHref = (() => {
    if (!suggestion) return null;
    const next = new URLSearchParams(params);
    next.set("search", suggestion);
    next.delete("page");
    return `${location.pathname}?${next}`;
  })();

  return (
    <section aria-labelledby="resultats" aria-busy={loading}>
      <h2 id="resultats" className="sr-only">
        {t("shop.catalogue.results")}
      </h2>
      <p className="text-sm text-muted" role="status">
        {t("shop.catalogue.found", { count: total })}
      </p>
      {matchedBy === "fuzzy" && search && <p className="mt-2 text-sm text-ink">{t("shop.catalogue.fuzzy", { search })}</p>}
      <div className="mt-6">
        {loading ? (
          <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:gap-6" aria-label={t("shop.catalogue.loading")}>
            {Array.from({ length: CATALOGUE_SKELETON_COUNT }, (_, i) => (
              <li key={i}>
                <ProductCardSkeleton />
              </li>
            ))}
          </ul>
        ) : products.length === 0 ? (
          <div className="rounded-lg bg-cream px-6 py-10 text-center">
            <p className="text-lg">{t("shop.catalogue.none")}</p>
            <ul className="mt-4 flex flex-col items-center gap-3 text-sm">
              {suggestionHref && (
                <li>
                  <T
                    k="shop.catalogue.didYouMean"
                    values={{ suggestion: suggestion ?? "" }}
                    components={{ 0: <Link to={suggestionHref} className="font-semibold text-accent underline underline-offset-4" /> }}
                  />
                </li>
              )}
              {lastFilter && (
                <li>
                  <Link to={lastFilter.href} className="font-semibold text-accent underline underline-offset-4">
                    {t("shop.catalogue.removeFilter", {
                      facet: translateMessage(lastFilter.facetLabel),
                      value: translateMessage(lastFilter.valueLabel),
                    })}
                  </Link>
                </li>
              )}
              {!lastFilter && !suggestionHref && (
                <li>
                  <Link to="/products" className="font-semibold text-accent underline underline-offset-4">
                    {t("common.error.seeAllProducts")}
                  </Link>
                </li>
              )}
            </ul>
          </div>
        ) : (
          <ProductGrid products={products} />
        )}
      </div>
      {!loading && products.length === 0 && bestSellers.length > 0 && (
        <section aria-labelledby="meilleures-ventes" className="mt-10">
          <h2 id="meilleures-ventes" className="font-display text-2xl">
            {t("shop.catalogue.bestSellers")}
          </h2>
          <div className="mt-4">
            <ProductGrid products={bestSellers} maxColumns={3} />
          </div>
        </section>
      )}
      {!loading && <Pagination page={page} pageCount={pageCount} search={params} pathname={location.pathname} />}
    </section>
  );
}
