import { useLocation, useNavigation } from "react-router";
import type { ProductCardView } from "~/domain/catalog/catalog.types";
import { ProductCardSkeleton, ProductGrid } from "~/components/product/product-card";
import { CATALOGUE_SKELETON_COUNT } from "~/lib/shop-rules";
import { Pagination } from "./pagination";

type Props = {
  products: ProductCardView[];
  total: number;
  page: number;
  pageCount: number;
  matchedBy?: "fts" | "fuzzy";
  search?: string;
};

/** Count, grid, empty state and pagination; 6 skeleton cards while a client navigation loads. */
export function CatalogueResults({ products, total, page, pageCount, matchedBy, search }: Props) {
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  const params = new URLSearchParams(location.search);

  return (
    <section aria-labelledby="resultats" aria-busy={loading}>
      <h2 id="resultats" className="sr-only">
        Résultats
      </h2>
      <p className="text-sm text-muted" role="status">
        {total} produit(s) trouvé(s)
      </p>
      {matchedBy === "fuzzy" && search && <p className="mt-2 text-sm text-ink">Résultats approchants pour « {search} ».</p>}
      <div className="mt-6">
        {loading ? (
          <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:gap-6" aria-label="Chargement des produits">
            {Array.from({ length: CATALOGUE_SKELETON_COUNT }, (_, i) => (
              <li key={i}>
                <ProductCardSkeleton />
              </li>
            ))}
          </ul>
        ) : products.length === 0 ? (
          <p className="rounded-lg bg-cream px-6 py-12 text-center text-lg">Aucun produit trouvé.</p>
        ) : (
          <ProductGrid products={products} />
        )}
      </div>
      {!loading && <Pagination page={page} pageCount={pageCount} search={params} pathname={location.pathname} />}
    </section>
  );
}
