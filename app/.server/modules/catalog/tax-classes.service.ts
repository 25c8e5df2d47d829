/** The tax class of each product (decision 063), read for the lines of a quote or an order. */
import { inArray } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { products } from "~/.server/db/schema";
import { DEFAULT_TAX_CLASS, type TaxClass } from "~/domain/tax/tax-classes";

export async function taxClassesOf(db: Executor, productIds: readonly string[]): Promise<Map<string, TaxClass>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: products.id, taxClass: products.taxClass }).from(products).where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, r.taxClass ?? DEFAULT_TAX_CLASS]));
}
