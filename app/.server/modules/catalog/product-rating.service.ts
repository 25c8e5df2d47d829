import { eq } from "drizzle-orm";
import type { Database, Executor } from "../../db/client";
import { products } from "../../db/schema";
import { invalidateCatalogCaches } from "./catalog.service";

/**
 * A product's rating and review count are the published reviews' average and count
 * (docs/decisions/037-reviews.md), kept on the product row so catalogue pages, sorts and facets
 * read them for free. Every change to the published set locks the product row first, then
 * recomputes: two publications at once wait for each other and the second counts both.
 */
export async function lockProductForRating(tx: Executor, productId: string): Promise<boolean> {
  const rows = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for("update");
  return rows.length > 0;
}

export async function setProductRating(tx: Executor, productId: string, rating: { rating: number; count: number }): Promise<void> {
  await tx.update(products).set({ rating: rating.rating, reviewCount: rating.count }).where(eq(products.id, productId));
}

/** After the transaction: pages and memos showing the rating forget it. */
export function forgetProductRatings(db: Database): void {
  invalidateCatalogCaches(db);
}
