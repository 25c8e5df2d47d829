/**
 * Inventory: every stock change of the shop goes through here, inside the caller's transaction,
 * and leaves one stock movement (who, why, delta, resulting stock).
 *
 * Stock is changed with one conditional UPDATE per product (`stock_quantity >= n` when taking),
 * always in product-id order so two workflows touching the same products cannot deadlock, and
 * never goes below 0 (a CHECK on stock movements backs this up). `in_stock` follows the stock.
 */
import { and, eq, gte, sql, type SQL } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { products, stockMovements } from "~/.server/db/schema";

export const INSUFFICIENT_STOCK_MESSAGE = "Stock insuffisant";

export type StockReason = "order" | "order_cancelled" | "order_returned" | "order_restored";

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
