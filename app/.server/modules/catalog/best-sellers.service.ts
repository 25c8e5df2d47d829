import { desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { prepared } from "../../db/prepared";
import { categories, products } from "../../db/schema";
import type { ProductView } from "~/domain/catalog/catalog.types";
import { productColumns, toProductView } from "./catalog.service";

/**
 * A few of the shop's best-loved products in stock (best rated, then most reviewed), offered
 * when a listing finds nothing. Read in the rating index's order.
 */
export async function listBestSellers(db: Executor, limit = 4): Promise<ProductView[]> {
  const rows = await prepared(db, "catalog_best_sellers", (d, name) =>
    d
      .select(productColumns)
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(products.inStock, true))
      .orderBy(desc(products.rating), desc(products.reviewCount), desc(products.id))
      .limit(sql.placeholder("limit"))
      .prepare(name),
  ).execute({ limit });
  return rows.map(toProductView);
}
