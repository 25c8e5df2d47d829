/**
 * What a parcel needs of the products it holds (decision 062): each product's packed weight, its
 * category's name, and the customs code and country of origin its CN23 declares (decision 063).
 * A product deleted since the order reads as absent: the parcel counts it at the default weight,
 * and it cannot be declared.
 */
import { eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { categories, products } from "../../db/schema";
import { isUuid } from "~/lib/uuid";

export type ProductParcelFacts = {
  weightGrams: number | null;
  category: string | null;
  hsCode: string | null;
  originCountry: string | null;
};

export async function productParcelFacts(db: Executor, productIds: readonly string[]): Promise<Map<string, ProductParcelFacts>> {
  const ids = [...new Set(productIds.filter(isUuid))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      weightGrams: products.weightGrams,
      category: categories.name,
      hsCode: products.hsCode,
      originCountry: products.originCountry,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, ids));
  return new Map(
    rows.map((r) => [r.id, { weightGrams: r.weightGrams, category: r.category, hsCode: r.hsCode, originCountry: r.originCountry }]),
  );
}
