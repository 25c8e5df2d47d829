import { eq, sql } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import { rowsOf, type Executor } from "../../db/client";
import { prepared } from "../../db/prepared";
import { categories, orderItems, products } from "../../db/schema";
import type { ProductCardView, ProductView } from "~/domain/catalog/catalog.types";
import { productColumns, toCardViews, toProductView } from "./catalog.service";

/** 'Vous aimerez aussi': at most this many products. */
export const RELATED_PRODUCTS_LIMIT = 8;
/** Candidates read from each source (same brand, same category) before scoring. */
const CANDIDATES_PER_SOURCE = 24;
/** Orders of the product looked at for "bought together": a bounded sample, so a best seller stays cheap. */
const BOUGHT_TOGETHER_ORDERS = 200;

/**
 * Related products in one query. Each source reads a bounded slice through an index (the newest
 * products of the brand, of the category, and the products found in a sample of the product's orders),
 * then the union is ordered: products bought together first (the most often first), then by a
 * score of the same brand (3), the same category (2) and each shared tag (1). Out-of-stock products and the product itself are left out. Its cost does not grow
 * with the catalogue: a few dozen rows are read whatever its size.
 */
export async function listRelatedProducts(db: Executor, productId: string, limit = RELATED_PRODUCTS_LIMIT): Promise<ProductCardView[]> {
  if (!isUuid(productId)) return [];
  const res = await db.execute(sql`
    WITH me AS (SELECT id, brand_id, category_id, tags FROM ${products} WHERE id = ${productId}::uuid),
    bought AS (
      SELECT other.product_id AS id, count(*)::int AS together
      FROM (SELECT order_id FROM ${orderItems} WHERE product_id = ${productId}::uuid LIMIT ${BOUGHT_TOGETHER_ORDERS}) mine
      JOIN ${orderItems} other ON other.order_id = mine.order_id
      WHERE other.product_id IS NOT NULL AND other.product_id <> ${productId}::uuid
      GROUP BY other.product_id
      ORDER BY together DESC
      LIMIT ${CANDIDATES_PER_SOURCE}
    ),
    candidates AS (
      SELECT id FROM bought
      UNION
      (SELECT p.id FROM ${products} p WHERE p.brand_id = (SELECT brand_id FROM me) AND p.in_stock
        ORDER BY p.created_at DESC, p.id DESC LIMIT ${CANDIDATES_PER_SOURCE})
      UNION
      (SELECT p.id FROM ${products} p WHERE p.category_id = (SELECT category_id FROM me) AND p.in_stock
        ORDER BY p.created_at DESC, p.id DESC LIMIT ${CANDIDATES_PER_SOURCE})
    )
    SELECT p.id
    FROM candidates c
    CROSS JOIN me
    JOIN ${products} p ON p.id = c.id
    LEFT JOIN bought b ON b.id = p.id
    WHERE p.id <> me.id AND p.in_stock
    ORDER BY coalesce(b.together, 0) DESC,
             (CASE WHEN p.brand_id = me.brand_id THEN 3 ELSE 0 END)
             + (CASE WHEN p.category_id = me.category_id THEN 2 ELSE 0 END)
             + cardinality(ARRAY(SELECT unnest(p.tags) INTERSECT SELECT unnest(me.tags))) DESC,
             p.rating DESC, p.id
    LIMIT ${limit}`);
  const ids = rowsOf<{ id: string }>(res).map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await prepared(db, "catalog_related_products_by_ids", (d, name) =>
    d
      .select(productColumns)
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(sql`${products.id} = ANY(${sql.placeholder("ids")}::uuid[])`)
      .prepare(name),
  ).execute({ ids });
  const byId = new Map(rows.map((r) => [r.id, toProductView(r)]));
  return toCardViews(
    db,
    ids.map((id) => byId.get(id)).filter((p): p is ProductView => p !== undefined),
  );
}
