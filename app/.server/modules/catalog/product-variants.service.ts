import { asc, sql, type SQL } from "drizzle-orm";
import { rowsOf, type Executor } from "../../db/client";
import { prepared } from "../../db/prepared";
import { priceHistory, productVariants } from "../../db/schema";
import type { ProductVariantView, ProductView } from "~/domain/catalog/catalog.types";
import { LOWEST_PRICE_WINDOW_DAYS } from "~/lib/shop-rules";
import { isUuid } from "~/lib/uuid";

/**
 * French rule on announced reductions, per variant (decision 025): the reference is the lowest
 * price charged during the 30 days before the current price took effect. Prices in that window
 * are the rows recorded in it plus the one already in effect when it opened; with no earlier
 * price, the current one. `targets` is a query giving (key, variant_id, price_cents) rows, so one
 * statement serves both the variants themselves and the cards (keyed by product).
 */
async function lowestPricesOf(db: Executor, targets: SQL): Promise<Map<string, number>> {
  const days = sql`make_interval(days => ${LOWEST_PRICE_WINDOW_DAYS})`;
  const res = await db.execute(sql`
    WITH t AS (${targets}),
    cur AS (
      SELECT DISTINCT ON (h.variant_id) h.variant_id, h.recorded_at AS since
      FROM ${priceHistory} h WHERE h.variant_id IN (SELECT variant_id FROM t)
      ORDER BY h.variant_id, h.recorded_at DESC, h.id DESC
    )
    SELECT t.key,
           COALESCE(LEAST(
             (SELECT min(h.price_cents) FROM ${priceHistory} h
               WHERE h.variant_id = t.variant_id AND h.recorded_at >= cur.since - ${days} AND h.recorded_at < cur.since),
             (SELECT h.price_cents FROM ${priceHistory} h
               WHERE h.variant_id = t.variant_id AND h.recorded_at < cur.since - ${days}
               ORDER BY h.recorded_at DESC, h.id DESC LIMIT 1)
           ), t.price_cents) AS lowest
    FROM t LEFT JOIN cur ON cur.variant_id = t.variant_id`);
  const result = new Map<string, number>();
  for (const row of rowsOf<{ key: string; lowest: number | string }>(res)) result.set(row.key, Number(row.lowest));
  return result;
}

const uuidList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** The 30-day reference price of each of these variants, by variant id. */
export async function getLowestVariantPricesLast30Days(db: Executor, variantIds: string[]): Promise<Map<string, number>> {
  const ids = variantIds.filter(isUuid);
  if (ids.length === 0) return new Map();
  return lowestPricesOf(
    db,
    sql`SELECT v.id::text AS key, v.id AS variant_id, v.price_cents FROM ${productVariants} v WHERE v.id IN (${uuidList(ids)})`,
  );
}

/**
 * A card shows the product's price, which is its cheapest variant's (the roll-up's order), so its
 * reference price is that variant's. Keyed by product id.
 */
export async function getLowestPricesLast30Days(db: Executor, productIds: string[]): Promise<Map<string, number>> {
  const ids = productIds.filter(isUuid);
  if (ids.length === 0) return new Map();
  return lowestPricesOf(
    db,
    sql`SELECT DISTINCT ON (v.product_id) v.product_id::text AS key, v.id AS variant_id, v.price_cents
        FROM ${productVariants} v WHERE v.product_id IN (${uuidList(ids)})
        ORDER BY v.product_id, v.price_cents, v.position, v.id`,
  );
}

type VariantRow = typeof productVariants.$inferSelect;

export function toVariantView(row: VariantRow, productImage: string | null, lowest: number | null): ProductVariantView {
  const options: ProductVariantView["options"] = {};
  if (row.size) options.size = row.size;
  if (row.shade) options.shade = row.shade;
  if (row.shadeHex) options.shade_hex = row.shadeHex;
  return {
    id: row.id,
    sku: row.sku,
    label: row.label,
    options,
    price_cents: row.priceCents,
    original_price_cents: row.originalPriceCents,
    stock_quantity: row.stockQuantity,
    in_stock: row.stockQuantity > 0,
    lowest_price_30d_cents: lowest,
    image_url: row.images[0] ?? productImage,
    images: row.images,
    content_amount: row.contentAmount === null ? null : Number(row.contentAmount),
    content_unit: row.contentUnit,
    position: row.position,
  };
}

const isDiscounted = (v: { priceCents: number; originalPriceCents: number | null }) =>
  v.originalPriceCents !== null && v.originalPriceCents > v.priceCents;

/**
 * The variants of these products, in their order, with the reference price of the discounted
 * ones: one query for the variants of the whole page, one for the reference prices.
 */
export async function listVariantsByProduct(
  db: Executor,
  products: Pick<ProductView, "id" | "image_url">[],
): Promise<Map<string, ProductVariantView[]>> {
  const byProduct = new Map<string, ProductVariantView[]>(products.map((p) => [p.id, []]));
  if (products.length === 0) return byProduct;
  // One prepared statement whatever the number of products (an array parameter, not a list of
  // them): PostgreSQL then plans it once per connection instead of on every page.
  const rows = await prepared(db, "catalog_variants_by_products", (d, name) =>
    d
      .select()
      .from(productVariants)
      .where(sql`${productVariants.productId} = ANY(${sql.placeholder("ids")}::uuid[])`)
      .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id))
      .prepare(name),
  ).execute({ ids: products.map((p) => p.id) });
  const discounted = rows.filter(isDiscounted).map((r) => r.id);
  const lowest = discounted.length > 0 ? await getLowestVariantPricesLast30Days(db, discounted) : new Map<string, number>();
  const images = new Map(products.map((p) => [p.id, p.image_url]));
  for (const row of rows) {
    byProduct.get(row.productId)?.push(toVariantView(row, images.get(row.productId) ?? null, lowest.get(row.id) ?? null));
  }
  return byProduct;
}

/** The same products, each with its `variants`. */
export async function withVariants<P extends ProductView>(db: Executor, items: P[]): Promise<P[]> {
  const variants = await listVariantsByProduct(db, items);
  return items.map((p) => ({ ...p, variants: variants.get(p.id) ?? [] }));
}
