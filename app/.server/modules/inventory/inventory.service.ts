/**
 * Inventory: every stock change of the shop goes through here, inside the caller's transaction,
 * and leaves one stock movement (who, why, delta, resulting stock).
 *
 * Stock is changed with one conditional UPDATE per product (`stock_quantity >= n` when taking),
 * always in product-id order so two workflows touching the same products cannot deadlock, and
 * never goes below 0 (a CHECK on stock movements backs this up). `in_stock` follows the stock.
 */
import { and, eq, gte, sql, type SQL } from "drizzle-orm";
import type { Database, Executor } from "~/.server/db/client";
import { isUuid } from "~/lib/uuid";
import { conflict, invalid, notFound } from "~/domain/errors";
import { products, stockMovements } from "~/.server/db/schema";

export const INSUFFICIENT_STOCK_MESSAGE = "Stock insuffisant";

export type StockReason = "order" | "order_cancelled" | "order_returned" | "order_restored" | "admin_set" | "admin_add" | "admin_remove";

export type StockLine = { productId: string; quantity: number };

export type StockContext = {
  reason: StockReason;
  orderId?: string | null;
  actorUserId?: string | null;
  note?: string | null;
  /** Taking only: also require the product to be offered for sale (checkout). */
  requireInStock?: boolean;
  /**
   * Taking only: leave the movements to the caller (recordTakenStock), for a workflow whose
   * order row does not exist yet when the stock is taken.
   */
  deferMovements?: boolean;
};

/** What a taken line's product looked like once its stock was taken (for order snapshots). */
export type TakenStock = {
  productId: string;
  quantity: number;
  name: string;
  brand: string | null;
  imageUrl: string | null;
  priceCents: number;
  resultingStock: number;
};

export type TakeStockResult =
  | { ok: true; taken: TakenStock[] }
  | {
      ok: false;
      /** The first product short of stock (or gone: `exists` false). */
      productId: string;
      exists: boolean;
      name: string | null;
      available: number;
      offered: boolean;
    };

/** Quantities per product, merged and sorted by product id (the lock order). */
function sortedQuantities(lines: readonly StockLine[]): [string, number][] {
  const merged = new Map<string, number>();
  for (const line of lines) {
    if (line.quantity <= 0) continue;
    merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.quantity);
  }
  return [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Takes the quantities from stock, all or nothing: on the first product short of stock the
 * caller gets `ok: false` and must roll back its transaction (earlier lines were already taken).
 */
export async function takeStock(tx: Executor, lines: readonly StockLine[], context: StockContext): Promise<TakeStockResult> {
  const taken: TakenStock[] = [];
  for (const [productId, quantity] of sortedQuantities(lines)) {
    const conditions: SQL[] = [eq(products.id, productId), gte(products.stockQuantity, quantity)];
    if (context.requireInStock) conditions.push(eq(products.inStock, true));
    const [row] = await tx
      .update(products)
      .set({
        stockQuantity: sql`${products.stockQuantity} - ${quantity}`,
        inStock: sql`${products.stockQuantity} - ${quantity} > 0`,
        updatedAt: new Date(),
      })
      .where(and(...conditions))
      .returning({
        name: products.name,
        brand: products.brand,
        imageUrl: products.imageUrl,
        priceCents: products.priceCents,
        stock: products.stockQuantity,
      });
    if (!row) {
      const [current] = await tx
        .select({ name: products.name, stock: products.stockQuantity, inStock: products.inStock })
        .from(products)
        .where(eq(products.id, productId));
      return {
        ok: false,
        productId,
        exists: Boolean(current),
        name: current?.name ?? null,
        available: current?.stock ?? 0,
        offered: current?.inStock ?? false,
      };
    }
    taken.push({
      productId,
      quantity,
      name: row.name,
      brand: row.brand,
      imageUrl: row.imageUrl,
      priceCents: row.priceCents,
      resultingStock: row.stock,
    });
  }
  if (!context.deferMovements) await recordTakenStock(tx, taken, context);
  return { ok: true, taken };
}

/** The movements of stock taken with `deferMovements`. */
export async function recordTakenStock(tx: Executor, taken: readonly TakenStock[], context: StockContext): Promise<void> {
  if (taken.length === 0) return;
  await tx.insert(stockMovements).values(
    taken.map((t) => ({
      productId: t.productId,
      delta: -t.quantity,
      resultingStock: t.resultingStock,
      reason: context.reason,
      orderId: context.orderId ?? null,
      actorUserId: context.actorUserId ?? null,
      note: context.note ?? null,
    })),
  );
}

/** Puts the quantities back (products deleted since are skipped). Returns the products changed. */
export async function returnStock(tx: Executor, lines: readonly StockLine[], context: StockContext): Promise<string[]> {
  const changed: string[] = [];
  for (const [productId, quantity] of sortedQuantities(lines)) {
    const [row] = await tx
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} + ${quantity}`, inStock: true, updatedAt: new Date() })
      .where(eq(products.id, productId))
      .returning({ stock: products.stockQuantity });
    if (!row) continue;
    changed.push(productId);
    await tx.insert(stockMovements).values({
      productId,
      delta: quantity,
      resultingStock: row.stock,
      reason: context.reason,
      orderId: context.orderId ?? null,
      actorUserId: context.actorUserId ?? null,
      note: context.note ?? null,
    });
  }
  return changed;
}

/** The message for a failed take, naming the product when it still exists. */
export function insufficientStockMessage(failure: Extract<TakeStockResult, { ok: false }>): string {
  if (!failure.name) return INSUFFICIENT_STOCK_MESSAGE;
  if (!failure.offered || failure.available === 0) return `${INSUFFICIENT_STOCK_MESSAGE}: ${failure.name} n'est plus disponible`;
  return `${INSUFFICIENT_STOCK_MESSAGE}: ${failure.name} (disponible : ${failure.available})`;
}

/* -------------------------------------------------------------------------------------------- */
/* Administrator adjustments                                                                      */
/* -------------------------------------------------------------------------------------------- */

export const STOCK_ADJUST_MAX = 1_000_000;
export const INVALID_QUANTITY_MESSAGE = "Quantité invalide";

export type StockAdjustment = {
  productIds: readonly string[];
  /** set: the stock becomes the quantity; add / remove: the stock moves by it. */
  mode: "set" | "add" | "remove";
  quantity: number;
  actorUserId: string;
  /**
   * remove only. true (bulk bar): the stock floors at 0. false (one product's minus button):
   * removing more than there is refused with 'Stock insuffisant'.
   */
  floorAtZero?: boolean;
  note?: string | null;
};

/**
 * The products whose stock was set, with their new stock and the change. Refusals are thrown as
 * DomainError: invalid_quantity (invalid), product_not_found, insufficient_stock (conflict).
 */
export type StockAdjustResult = { products: { productId: string; stock: number; delta: number }[] };

const ADJUST_REASON = { set: "admin_set", add: "admin_add", remove: "admin_remove" } as const;

/**
 * The administrator's stock changes, one product or many, in one transaction, all or nothing
 * (an unknown product or a refused removal changes nothing): each product row is
 * locked in id order, its new stock computed and written with a movement (skipped when it does
 * not change). Stock never goes below 0 and in_stock follows it.
 */
export async function adjustStock(db: Database, input: StockAdjustment): Promise<StockAdjustResult> {
  if (!Number.isInteger(input.quantity) || input.quantity < 0 || input.quantity > STOCK_ADJUST_MAX) {
    throw invalid("invalid_quantity", INVALID_QUANTITY_MESSAGE);
  }
  const ids = [...new Set(input.productIds)].sort();
  if (ids.length === 0) return { products: [] };
  if (!ids.every(isUuid)) throw notFound("product_not_found", PRODUCT_NOT_FOUND_MESSAGE);
  return db.transaction((tx) => adjustLocked(tx, ids, input));
}

export const PRODUCT_NOT_FOUND_MESSAGE = "Produit introuvable";

async function adjustLocked(tx: Executor, ids: string[], input: StockAdjustment): Promise<StockAdjustResult> {
  const changed: { productId: string; stock: number; delta: number }[] = [];
  for (const productId of ids) {
    const [row] = await tx.select({ stock: products.stockQuantity }).from(products).where(eq(products.id, productId)).for("update");
    if (!row) throw notFound("product_not_found", PRODUCT_NOT_FOUND_MESSAGE);
    let next: number;
    if (input.mode === "set") next = input.quantity;
    else if (input.mode === "add") next = Math.min(row.stock + input.quantity, STOCK_ADJUST_MAX);
    else if (row.stock >= input.quantity || input.floorAtZero) next = Math.max(0, row.stock - input.quantity);
    else throw conflict("insufficient_stock", INSUFFICIENT_STOCK_MESSAGE);
    const delta = next - row.stock;
    if (delta === 0) {
      changed.push({ productId, stock: next, delta });
      continue;
    }
    await tx
      .update(products)
      .set({ stockQuantity: next, inStock: next > 0, updatedAt: new Date() })
      .where(eq(products.id, productId));
    await tx.insert(stockMovements).values({
      productId,
      delta,
      resultingStock: next,
      reason: ADJUST_REASON[input.mode],
      actorUserId: input.actorUserId,
      note: input.note ?? null,
    });
    changed.push({ productId, stock: next, delta });
  }
  return { products: changed };
}

/**
 * The first movement of a product created with stock (reason "initial"), inside the transaction
 * that inserted it, so its history starts from what it was created with.
 */
export async function recordInitialStock(
  tx: Executor,
  input: { productId: string; quantity: number; actorUserId: string | null },
): Promise<void> {
  if (input.quantity <= 0) return;
  await tx.insert(stockMovements).values({
    productId: input.productId,
    delta: input.quantity,
    resultingStock: input.quantity,
    reason: "initial",
    actorUserId: input.actorUserId,
  });
}
