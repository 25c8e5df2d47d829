/**
 * What a parcel needs of the products it holds (decision 062): each product's packed weight and
 * its category's name (the customs heading of a CN23). A product deleted since the order reads as
 * absent: the parcel counts it at the default weight.
 */
import { eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { categories, products } from "../../db/schema";
import { isUuid } from "~/lib/uuid";

export type ProductParcelFacts = { weightGrams: number | null; category: string | null };

export async function productParcelFacts(db: Executor, productIds: readonly string[]): Promise<Map<string, ProductParcelFacts>> {
  const ids = [...new Set(productIds.filter(isUuid))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, weightGrams: products.weightGrams, category: categories.name })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, { weightGrams: r.weightGrams, category: r.category }]));
}
