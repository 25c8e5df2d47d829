import type { Executor } from "../../db/client";
import type { ProductListQuery } from "~/domain/catalog/catalog.schema";
import { listProducts, type ListOptions, type ProductListResult } from "./catalog.service";
import { withVariants } from "./product-variants.service";

/** GET /api/v1/products: the catalogue page, each product with its variants (one more query for the page). */
export async function listProductsWithVariants(db: Executor, query: ProductListQuery, options: ListOptions = {}): Promise<ProductListResult> {
  const result = await listProducts(db, query, options);
  return { ...result, items: await withVariants(db, result.items) };
}
