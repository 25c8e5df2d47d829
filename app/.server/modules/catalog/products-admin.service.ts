/**
 * The administrator's product list, stock report, stock changes, product deletion and stock CSV
 * (Gestion des Produits, Tableau de Bord Stock).
 *
 * Search reads products.search_text (name, brand, tags; lower-case, unaccented, kept by a
 * trigger) through its trigram GIN index, every word typed must appear; an exact SKU (a
 * variant's, or the legacy product one) matches too. Filter, sort, count and pages happen in the
 * database. A product's price and stock are its variants' roll-ups (decision 025): the list shows
 * one row per product and its variants under it. Stock changes go through the inventory service,
 * per variant (movements, locks, never below 0); every write forgets the catalogue caches so the
 * storefront shows it at once.
 */
import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { Database, Executor } from "../../db/client";
import { categories, orders, products, productVariants, stockMovements, user } from "../../db/schema";
import { invalidateCatalogCaches } from "./catalog.service";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import { recordAdminChangeBy } from "~/.server/outbox/events";
import { kickOutbox } from "../../outbox/outbox.service";
import { adminSearchTerms } from "~/lib/search-text";
import { createDbMemo } from "../../db-memo";
import { removeUnreferencedProductImages } from "../../media/product-images";
import {
  STOCK_REASON_LABELS,
  STOCK_STATUS_LABELS,
  stockStatus,
  type AdminProductPage,
  type AdminProductQuery,
  type AdminVariantRow,
  type StockHistory,
  type StockReport,
} from "~/domain/catalog/admin-products.schema";
import { csvRow, CSV_BOM } from "~/lib/csv";
import { CATALOG_CSV_HEADER, formatEuroCell, IMAGE_SEPARATOR, NO_CATEGORY_LABEL } from "~/domain/catalog/catalog-csv";
import { ADMIN_PRODUCTS_PAGE_SIZE, LOW_STOCK_THRESHOLD, STOCK_EXPORT_MAX_ROWS } from "~/lib/shop-rules";
import { isUuid } from "~/lib/uuid";
import { notFound } from "~/domain/errors";
import { SKU_UNKNOWN_MESSAGE } from "~/domain/catalog/admin-api.schema";
import { lineName } from "~/domain/cart/line-name";
import type { StockAdjustResult } from "~/domain/catalog/stock-adjust";
import { PRODUCT_NOT_FOUND_MESSAGE } from "~/domain/catalog/admin-product-form.schema";

export { PRODUCT_NOT_FOUND_MESSAGE };

export type ProductFilter = Pick<AdminProductQuery, "search" | "category" | "stock">;

export function adminProductFilter(filter: ProductFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.stock === "out") conditions.push(eq(products.stockQuantity, 0));
  if (filter.stock === "low") conditions.push(and(gte(products.stockQuantity, 1), lte(products.stockQuantity, LOW_STOCK_THRESHOLD)));
  if (filter.category === "none") conditions.push(isNull(products.categoryId));
  else if (isUuid(filter.category)) conditions.push(eq(products.categoryId, filter.category));
  const terms = adminSearchTerms(filter.search);
  if (terms.length > 0) {
    const byText = and(...terms.map((term) => sql`${products.searchText} LIKE ${`%${term}%`}`));
    const sku = filter.search.trim();
    const byVariantSku = inArray(
      products.id,
      sql`(SELECT ${productVariants.productId} FROM ${productVariants} WHERE ${productVariants.sku} = ${sku})`,
    );
    conditions.push(or(byText, eq(products.sku, sku), byVariantSku));
  }
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length ? and(...present) : undefined;
}

function orderBy(query: Pick<AdminProductQuery, "sort" | "dir">): SQL[] {
  if (query.sort === "recent") return [desc(products.createdAt), desc(products.id)];
  const dir = query.dir === "desc" ? desc : asc;
  const column = query.sort === "price" ? products.priceCents : query.sort === "stock" ? products.stockQuantity : products.name;
  return [dir(column), dir(products.id)];
}

const rowColumns = {
  id: products.id,
  name: products.name,
  imageUrl: products.imageUrl,
  featured: products.featured,
  categoryName: categories.name,
  priceCents: products.priceCents,
  stock: products.stockQuantity,
  variantCount: products.variantCount,
};

/** The variants of these products, in each product's order. */
async function variantsOf(db: Executor, productIds: readonly string[]): Promise<Map<string, AdminVariantRow[]>> {
  const byProduct = new Map<string, AdminVariantRow[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      label: productVariants.label,
      sku: productVariants.sku,
      priceCents: productVariants.priceCents,
      stock: productVariants.stockQuantity,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, [...productIds]))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
  for (const r of rows) {
    const list = byProduct.get(r.productId) ?? [];
    list.push({ id: r.id, label: r.label, sku: r.sku, price_cents: r.priceCents, stock: r.stock });
    byProduct.set(r.productId, list);
  }
  return byProduct;
}

/**
 * Counts are remembered 5 s per filter (db-memo.ts), like the stock report below: every
 * back-office product write forgets both at once (forgetStockReport), an order from the shop
 * shows in the low-stock and out-of-stock totals within 5 s.
 */
const productCounts = createDbMemo<number>({ kind: "counts", name: "admin-product-counts", ttlMs: 5_000 });

/** One page of products (20 by default) with the count of products found; a product's variants come with it. */
export async function listAdminProducts(
  db: Executor,
  query: AdminProductQuery,
  pageSize: number = ADMIN_PRODUCTS_PAGE_SIZE,
): Promise<AdminProductPage> {
  const where = adminProductFilter(query);
  const key = JSON.stringify([query.category ?? "", query.stock ?? "", adminSearchTerms(query.search), query.search.trim()]);
  const total = await productCounts.get(db, key, async () => {
    const [{ total }] = await db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(where);
    return total;
  });
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // A page past the end (a stale link after a filter change or a deletion) shows the last page.
  const page = Math.min(Math.max(1, Math.trunc(query.page)), pageCount);
  const rows =
    total === 0
      ? []
      : await db
          .select(rowColumns)
          .from(products)
          .leftJoin(categories, eq(categories.id, products.categoryId))
          .where(where)
          .orderBy(...orderBy(query))
          .limit(pageSize)
          .offset((page - 1) * pageSize);
  const variants = await variantsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name,
      image_url: r.imageUrl,
      featured: r.featured,
      category_name: r.categoryName,
      price_cents: r.priceCents,
      stock: r.stock,
      variant_count: r.variantCount,
      variants: variants.get(r.id) ?? [],
    })),
    total,
    page,
    page_size: pageSize,
    page_count: pageCount,
  };
}

/**
 * The report scans the whole catalogue, so it is remembered a few seconds (db-memo.ts, one
 * computation shared by the requests that arrive meanwhile); the back-office's own stock changes
 * and deletions forget it at once, an order from the shop shows within REPORT_TTL_MS.
 */
const REPORT_TTL_MS = 5_000;
const stockReports = createDbMemo<StockReport>({ kind: "counts", name: "stock-report", ttlMs: REPORT_TTL_MS });

/** Forgets the stock report and the list's counts: every back-office product write calls it. */
export function forgetStockReport(db: Executor): void {
  stockReports.forget(db);
  productCounts.forget(db);
}

/** The four cards of both pages, over the whole catalogue, in one pass. */
export async function getStockReport(db: Executor, options: { fresh?: boolean } = {}): Promise<StockReport> {
  if (options.fresh) stockReports.forget(db);
  return stockReports.get(db, "report", () => computeStockReport(db));
}

async function computeStockReport(db: Executor): Promise<StockReport> {
  // Stock levels per variant, in one pass over product_variants; the product count is its own
  // small count (products and variants are counted apart, never joined).
  const [[variantRow], [productRow]] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)`.mapWith(Number),
        inStock: sql<number>`count(*) FILTER (WHERE ${productVariants.stockQuantity} > ${LOW_STOCK_THRESHOLD})`.mapWith(Number),
        low: sql<number>`count(*) FILTER (WHERE ${productVariants.stockQuantity} BETWEEN 1 AND ${LOW_STOCK_THRESHOLD})`.mapWith(Number),
        out: sql<number>`count(*) FILTER (WHERE ${productVariants.stockQuantity} = 0)`.mapWith(Number),
        // Each variant at its own price: the product's price is its cheapest variant's.
        value: sql<number>`coalesce(sum(${productVariants.priceCents}::bigint * ${productVariants.stockQuantity}), 0)`.mapWith(Number),
      })
      .from(productVariants),
    db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(products),
  ]);
  return {
    total_products: productRow.total,
    total_variants: variantRow.total,
    variants_in_stock: variantRow.inStock,
    low_stock_variants: variantRow.low,
    variants_out_of_stock: variantRow.out,
    total_stock_value_cents: variantRow.value,
  };
}

/**
 * 'Alertes de Stock': variants at or under the threshold (out of stock included), lowest stock
 * first, each named "product · variant label" (a one-variant product by its name alone): one
 * shade sold out is an alert even while its product's other shades are in stock.
 */
export async function listStockAlerts(db: Executor, limit: number) {
  const rows = await db
    .select({
      variantId: productVariants.id,
      productId: products.id,
      productName: products.name,
      label: productVariants.label,
      sku: productVariants.sku,
      stock: productVariants.stockQuantity,
      categoryName: categories.name,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(lte(productVariants.stockQuantity, LOW_STOCK_THRESHOLD))
    .orderBy(asc(productVariants.stockQuantity), asc(products.name), asc(productVariants.position), asc(productVariants.id))
    .limit(limit);
  return rows.map((r) => ({
    variant_id: r.variantId,
    product_id: r.productId,
    name: lineName(r.productName, r.label),
    sku: r.sku,
    stock: r.stock,
    category_name: r.categoryName,
  }));
}

/** Product count per category (products without category not counted), biggest first. */
export async function countProductsPerCategory(db: Executor) {
  const rows = await db
    .select({ id: categories.id, name: categories.name, count: sql<number>`count(${products.id})`.mapWith(Number) })
    .from(categories)
    .leftJoin(products, eq(products.categoryId, categories.id))
    .groupBy(categories.id, categories.name)
    .orderBy(desc(sql`count(${products.id})`), asc(categories.name));
  return rows.map((r) => ({ category_id: r.id, category_name: r.name, count: r.count }));
}

/**
 * The variants of the products named, for a stock change on whole products (a product row's
 * adjuster, the bulk bar). An unknown or malformed product id: 404 'Produit introuvable'.
 */
export async function variantIdsOfProducts(tx: Executor, productIds: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(productIds)];
  if (wanted.length === 0) return [];
  if (!wanted.every(isUuid)) throw notFound("product_not_found", PRODUCT_NOT_FOUND_MESSAGE);
  const rows = await tx
    .select({ id: productVariants.id, productId: productVariants.productId })
    .from(productVariants)
    .where(inArray(productVariants.productId, wanted));
  if (new Set(rows.map((r) => r.productId)).size !== wanted.length) throw notFound("product_not_found", PRODUCT_NOT_FOUND_MESSAGE);
  return rows.map((r) => r.id);
}

/** Each SKU's variant id; an unknown SKU: 404 'Référence inconnue : <sku>', nothing is changed. */
export async function variantIdsBySku(tx: Executor, skus: readonly string[]): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: productVariants.id, sku: productVariants.sku })
    .from(productVariants)
    .where(inArray(productVariants.sku, [...skus]));
  const idOf = new Map(rows.map((r) => [r.sku, r.id]));
  const unknown = skus.find((sku) => !idOf.has(sku));
  if (unknown !== undefined) throw notFound("sku_not_found", `${SKU_UNKNOWN_MESSAGE} : ${unknown}`, { details: { sku: unknown } });
  return idOf;
}

/**
 * After a committed stock or product change: the outbox sends what the change queued (restock
 * alerts, webhooks) and the storefront's and stock report's caches forget what they held.
 */
export function afterStockChange(db: Database): void {
  kickOutbox();
  invalidateCatalogCaches(db);
  forgetStockReport(db);
}

const STOCK_MODE_LABEL = { set: "fixé à", add: "ajout de", remove: "retrait de" } as const;

/** One activity-log entry per product: each changed variant's stock before and after. */
export async function recordStockAdjustments(
  tx: Executor,
  actor: AdminActor | undefined,
  adjusted: StockAdjustResult,
  mode: "set" | "add" | "remove",
  quantity: number,
): Promise<void> {
  if (!actor || adjusted.variants.length === 0) return;
  const byProduct = new Map<string, StockAdjustResult["variants"]>();
  for (const v of adjusted.variants) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
  const names = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, [...byProduct.keys()]));
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  for (const [productId, variants] of byProduct) {
    await recordAdminChangeBy(tx, actor, {
      action: "stock.adjust",
      entityType: "product",
      entityId: productId,
      summary: `Stock de « ${nameOf.get(productId) ?? productId} » : ${STOCK_MODE_LABEL[mode]} ${quantity}`,
      before: { stock: Object.fromEntries(variants.map((v) => [v.variantId, v.stock - v.delta])) },
      after: { stock: Object.fromEntries(variants.map((v) => [v.variantId, v.stock])) },
    });
  }
}

/**
 * Deletes a product. Order lines keep their snapshot (their product_id becomes null); cart lines,
 * favourites, price history and stock movements go with it (foreign keys). Its uploaded images
 * that no other product shows are removed from the media storage once the row is gone.
 */
export async function deleteAdminProduct(db: Executor, productId: string, actor?: AdminActor): Promise<{ name: string }> {
  if (!isUuid(productId)) throw notFound("product_not_found", PRODUCT_NOT_FOUND_MESSAGE);
  const variantImages = (
    await db.select({ images: productVariants.images }).from(productVariants).where(eq(productVariants.productId, productId))
  ).flatMap((v) => v.images ?? []);
  const row = await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(products)
      .where(eq(products.id, productId))
      .returning({ id: products.id, name: products.name, imageUrl: products.imageUrl, images: products.images });
    if (!deleted) throw notFound("product_not_found", PRODUCT_NOT_FOUND_MESSAGE);
    await recordAdminChangeBy(tx, actor, {
      action: "product.delete",
      entityType: "product",
      entityId: productId,
      summary: `Produit « ${deleted.name} » supprimé`,
      before: { name: deleted.name },
    });
    return deleted;
  });
  invalidateCatalogCaches(db);
  forgetStockReport(db);
  await removeUnreferencedProductImages(db, [row.imageUrl, ...(row.images ?? []), ...variantImages]);
  return { name: row.name };
}

const HISTORY_LIMIT = 50;

/** A product's latest stock movements (which variant, who, why, delta, resulting stock), or null when unknown. */
export async function getStockHistory(db: Executor, productId: string): Promise<StockHistory | null> {
  if (!isUuid(productId)) return null;
  const [product] = await db.select({ name: products.name }).from(products).where(eq(products.id, productId));
  if (!product) return null;
  const rows = await db
    .select({
      id: stockMovements.id,
      createdAt: stockMovements.createdAt,
      reason: stockMovements.reason,
      delta: stockMovements.delta,
      resultingStock: stockMovements.resultingStock,
      actorEmail: user.email,
      orderNumber: orders.orderNumber,
      variantLabel: productVariants.label,
      variantSku: productVariants.sku,
    })
    .from(stockMovements)
    .leftJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
    .leftJoin(user, eq(user.id, stockMovements.actorUserId))
    .leftJoin(orders, eq(orders.id, stockMovements.orderId))
    .where(eq(stockMovements.productId, productId))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(HISTORY_LIMIT);
  return {
    product_id: productId,
    product_name: product.name,
    movements: rows.map((r) => ({
      id: r.id,
      created_at: r.createdAt.toISOString(),
      reason: r.reason,
      reason_label: STOCK_REASON_LABELS[r.reason] ?? r.reason,
      delta: r.delta,
      resulting_stock: r.resultingStock,
      actor: r.actorEmail,
      order_number: r.orderNumber,
      variant_label: r.variantLabel,
      variant_sku: r.variantSku,
    })),
  };
}

type ExportProduct = {
  id: string;
  name: string;
  brand: string | null;
  categoryName: string | null;
  images: string[];
  weightGrams: number | null;
  taxClass: string;
  hsCode: string | null;
  originCountry: string | null;
};
const EXPORT_CHUNK = 1000;

/** Every variant of these products with the columns the catalogue CSV writes, in each product's order. */
async function exportVariantsOf(db: Executor, productIds: readonly string[]) {
  const byProduct = new Map<
    string,
    { label: string; sku: string; priceCents: number; originalPriceCents: number | null; stock: number }[]
  >();
  const rows = await db
    .select({
      productId: productVariants.productId,
      label: productVariants.label,
      sku: productVariants.sku,
      priceCents: productVariants.priceCents,
      originalPriceCents: productVariants.originalPriceCents,
      stock: productVariants.stockQuantity,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, [...productIds]))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
  for (const { productId, ...v } of rows) byProduct.set(productId, [...(byProduct.get(productId) ?? []), v]);
  return byProduct;
}

/**
 * The catalogue CSV for the current filters (docs/decisions/051-catalogue-import-export.md): one
 * line per variant, the product's columns repeated and grouped by its id ("Réf. produit"), in
 * exactly the format the import reads back. Products are read in keyset chunks of 1000 so a
 * 100k-product catalogue is streamed without holding it in memory (and without holding a
 * transaction open while a slow client downloads). Prices "12,50" (euros, French decimal comma).
 * STOCK_EXPORT_MAX_ROWS bounds the products.
 */
export async function* streamStockCsv(db: Executor, filter: ProductFilter): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(CATALOG_CSV_HEADER);
  const where = adminProductFilter(filter);
  let after: { name: string; id: string } | null = null;
  let sent = 0;
  while (sent < STOCK_EXPORT_MAX_ROWS) {
    const keyset: SQL | undefined = after
      ? or(gt(products.name, after.name), and(eq(products.name, after.name), gt(products.id, after.id)))
      : undefined;
    const rows: ExportProduct[] = await db
      .select({
        id: products.id,
        name: products.name,
        brand: products.brand,
        categoryName: categories.name,
        images: sql<string[]>`array_remove(array_prepend(${products.imageUrl}, ${products.images}), NULL)`,
        weightGrams: products.weightGrams,
        taxClass: products.taxClass,
        hsCode: products.hsCode,
        originCountry: products.originCountry,
      })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(and(where, keyset))
      .orderBy(asc(products.name), asc(products.id))
      .limit(Math.min(EXPORT_CHUNK, STOCK_EXPORT_MAX_ROWS - sent));
    if (rows.length === 0) return;
    const variants = await exportVariantsOf(
      db,
      rows.map((r) => r.id),
    );
    yield rows
      .flatMap((r) =>
        (variants.get(r.id) ?? []).map((v) =>
          csvRow([
            r.id,
            r.name,
            r.brand ?? "",
            r.categoryName ?? NO_CATEGORY_LABEL,
            v.label,
            v.sku,
            formatEuroCell(v.priceCents),
            v.originalPriceCents === null ? "" : formatEuroCell(v.originalPriceCents),
            v.stock,
            r.images.join(IMAGE_SEPARATOR),
            r.weightGrams ?? "",
            r.taxClass,
            r.hsCode ?? "",
            r.originCountry ?? "",
            STOCK_STATUS_LABELS[stockStatus(v.stock)],
          ]),
        ),
      )
      .join("");
    sent += rows.length;
    const last = rows[rows.length - 1];
    after = { name: last.name, id: last.id };
    if (rows.length < EXPORT_CHUNK) return;
  }
}
