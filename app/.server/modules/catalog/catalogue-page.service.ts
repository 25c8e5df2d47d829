import type { Executor } from "../../db/client";
import type { CataloguePage } from "~/domain/catalog/catalog.types";
import { listBestSellers } from "./best-sellers.service";
import { listProducts, toCardViews, type ProductListInput } from "./catalog.service";

/** How many favourites an empty listing offers. */
const BEST_SELLERS_WHEN_EMPTY = 4;

/** One page of the catalogue, category, brand or search listing with its facet counts. */
export async function browseCatalogue(db: Executor, query: ProductListInput): Promise<CataloguePage> {
  const result = await listProducts(db, query, { facets: true });
  const [items, bestSellers] = await Promise.all([
    toCardViews(db, result.items),
    result.total === 0 ? listBestSellers(db, BEST_SELLERS_WHEN_EMPTY).then((list) => toCardViews(db, list)) : [],
  ]);
  return {
    items,
    total: result.total,
    page: result.page,
    pageCount: result.page_count,
    matchedBy: result.matchedBy,
    suggestion: result.suggestion,
    facets: result.facets ?? [],
    bestSellers,
  };
}
