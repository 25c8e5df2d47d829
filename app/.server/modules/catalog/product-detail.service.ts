import type { Executor } from "../../db/client";
import type { ProductListQuery } from "~/domain/catalog/catalog.schema";
import type { ProductCardView, ProductView } from "~/domain/catalog/catalog.types";
import { getProduct, listProducts, type ListOptions, type ProductListResult } from "./catalog.service";
import { listRelatedProducts } from "./related-products.service";
import { withVariants } from "./product-variants.service";

/** GET /api/v1/products: the catalogue page, each product with its variants (one more query for the page). */
export async function listProductsWithVariants(
  db: Executor,
  query: ProductListQuery,
  options: ListOptions = {},
): Promise<ProductListResult> {
  const result = await listProducts(db, query, options);
  return { ...result, items: await withVariants(db, result.items) };
}

/** The product page: the product with its variants, and 'Vous aimerez aussi'; null for an unknown product. */
export async function getProductPage(db: Executor, id: string): Promise<{ product: ProductView; related: ProductCardView[] } | null> {
  const product = await getProduct(db, id);
  if (!product) return null;
  return { product, related: await listRelatedProducts(db, product.id) };
}
