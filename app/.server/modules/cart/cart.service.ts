/**
 * Server cart of a signed-in shopper (visitors keep theirs in the browser). Quantities only are
 * stored; names, prices, stock and availability are always read from the catalogue, so a cart
 * never shows a stale price. A cart lives CART_LIFETIME_MS from its creation or last extension;
 * an expired cart reads as empty and is deleted on the way.
 */
import { and, asc, eq, inArray, lte, notInArray, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client";
import { cartItems, carts, categories, products, productVariants } from "../../db/schema";
import { EMPTY_CART_VIEW, type CartLineView, type CartProductQuote, type CartView } from "~/domain/cart/cart.types";
import { CART_LIFETIME_MS, CART_MAX_LINE_QUANTITY, CART_MAX_LINES } from "~/lib/shop-rules";

export type CartClock = { now?: Date };

/** A requested line: a product id and a quantity (validated by CartLinesSchema at the edge). */
export type CartLineInput = { product_id: string; quantity: number };

const quoteColumns = {
  product_id: products.id,
  variant_id: sql<string>`(SELECT ${productVariants.id} FROM ${productVariants} WHERE ${productVariants.productId} = ${products.id} ORDER BY ${productVariants.position}, ${productVariants.id} LIMIT 1)`,
  name: products.name,
  brand: products.brand,
  price_cents: products.priceCents,
  image_url: products.imageUrl,
  category_name: categories.name,
  stock_quantity: products.stockQuantity,
  in_stock: products.inStock,
};

type QuoteRow = {
  product_id: string;
  variant_id: string;
  name: string;
  brand: string | null;
  price_cents: number;
  image_url: string | null;
  category_name: string | null;
  stock_quantity: number;
  in_stock: boolean;
};

function toQuote({ in_stock, ...row }: QuoteRow): CartProductQuote & { variant_id: string } {
  return { ...row, available: in_stock !== false && row.stock_quantity > 0 };
}

/** The most of a product one line may hold: its stock, and never more than CART_MAX_LINE_QUANTITY. */
function lineCap(stock: number): number {
  return Math.max(0, Math.min(stock, CART_MAX_LINE_QUANTITY));
}

function toCartView(lines: CartLineView[], expiresAt: Date | null): CartView {
  if (lines.length === 0 || expiresAt === null) return EMPTY_CART_VIEW;
  let count = 0;
  let subtotal = 0;
  for (const line of lines) {
    if (!line.available) continue;
    count += line.quantity;
    subtotal += line.quantity * line.price_cents;
  }
  return { items: lines, expires_at: expiresAt.toISOString(), count, subtotal_cents: subtotal };
}

/** Current price, stock and availability of these products; unknown ids are left out. */
export async function quoteProducts(db: Executor, productIds: readonly string[]): Promise<(CartProductQuote & { variant_id: string })[]> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return [];
  const rows = await db
    .select(quoteColumns)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.product_id, toQuote(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

async function readLines(db: Executor, userId: string): Promise<CartLineView[]> {
  const rows = await db
    .select({ ...quoteColumns, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.productId));
  return rows.map(({ quantity, ...row }) => ({ ...toQuote(row), quantity }));
}

/** Deletes the shopper's cart when it has expired; true when it did. */
async function dropIfExpired(db: Executor, userId: string, now: Date): Promise<boolean> {
  const dropped = await db
    .delete(carts)
    .where(and(eq(carts.userId, userId), lte(carts.expiresAt, now)))
    .returning({ userId: carts.userId });
  return dropped.length > 0;
}

/** The shopper's cart, priced from the catalogue. An expired cart is deleted and reads as empty. */
export async function getCart(db: Executor, userId: string, clock: CartClock = {}): Promise<CartView> {
  const now = clock.now ?? new Date();
  if (await dropIfExpired(db, userId, now)) return EMPTY_CART_VIEW;
  const [cart] = await db.select({ expiresAt: carts.expiresAt }).from(carts).where(eq(carts.userId, userId));
  if (!cart) return EMPTY_CART_VIEW;
  return toCartView(await readLines(db, userId), cart.expiresAt);
}

/** Sums the quantities of repeated product ids, keeping the first-seen order. */
function sumById(lines: readonly CartLineInput[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const line of lines) sums.set(line.product_id, (sums.get(line.product_id) ?? 0) + line.quantity);
  return sums;
}

/**
 * Writes the shopper's cart in one transaction, the cart row locked so two tabs saving at once
 * queue up. `replace` sets the lines to `lines`; `merge` adds them to the live cart (sign-in). In
 * both, each touched line is capped at the product's stock and CART_MAX_LINE_QUANTITY, unknown or
 * unavailable products are dropped, and the cart keeps at most CART_MAX_LINES lines.
 */
async function writeCart(
  db: Database,
  userId: string,
  lines: readonly CartLineInput[],
  mode: "replace" | "merge",
  clock: CartClock,
): Promise<CartView> {
  const now = clock.now ?? new Date();
  const freshExpiry = new Date(now.getTime() + CART_LIFETIME_MS);
  return db.transaction(async (tx) => {
    await tx.insert(carts).values({ userId, expiresAt: freshExpiry }).onConflictDoNothing();
    const [cart] = await tx.select({ expiresAt: carts.expiresAt }).from(carts).where(eq(carts.userId, userId)).for("update");
    let expiresAt = cart.expiresAt;
    if (expiresAt.getTime() <= now.getTime()) {
      // The old cart has expired: its lines go, the new one gets a full lifetime.
      await tx.delete(cartItems).where(eq(cartItems.userId, userId));
      expiresAt = freshExpiry;
    }

    const wanted = sumById(lines);
    const quotes = new Map((await quoteProducts(tx, [...wanted.keys()])).map((quote) => [quote.product_id, quote]));
    const target = new Map<string, number>();
    if (mode === "merge") {
      const existing = await tx
        .select({ productId: cartItems.productId, quantity: cartItems.quantity })
        .from(cartItems)
        .where(eq(cartItems.userId, userId))
        .orderBy(asc(cartItems.addedAt), asc(cartItems.productId));
      for (const line of existing) target.set(line.productId, line.quantity);
    }
    for (const [productId, quantity] of wanted) {
      const quote = quotes.get(productId);
      if (!quote || !quote.available) continue;
      const total = Math.min((target.get(productId) ?? 0) + quantity, lineCap(quote.stock_quantity));
      if (total > 0) target.set(productId, total);
    }
    const kept = [...target].slice(0, CART_MAX_LINES);

    if (kept.length === 0) {
      await tx.delete(carts).where(eq(carts.userId, userId));
      return EMPTY_CART_VIEW;
    }
    const keptIds = kept.map(([productId]) => productId);
    await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), notInArray(cartItems.productId, keptIds)));
    // Lines keep their original position (added_at) when only their quantity changes.
    await tx
      .insert(cartItems)
      .values(kept.map(([productId, quantity], index) => ({ userId, productId, quantity, addedAt: new Date(now.getTime() + index) })))
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId],
        set: { quantity: sql`excluded.quantity` },
      });
    await tx.update(carts).set({ expiresAt, updatedAt: now }).where(eq(carts.userId, userId));
    return toCartView(await readLines(tx, userId), expiresAt);
  });
}

/** Sets the shopper's cart to these lines (the browser saves every change this way). */
export function replaceCart(db: Database, userId: string, lines: readonly CartLineInput[], clock: CartClock = {}) {
  return writeCart(db, userId, lines, "replace", clock);
}

/** Adds these lines to the shopper's cart (the visitor's cart, at sign-in). */
export function mergeCart(db: Database, userId: string, lines: readonly CartLineInput[], clock: CartClock = {}) {
  return writeCart(db, userId, lines, "merge", clock);
}

/** Gives a live cart CART_LIFETIME_MS from now. An expired or missing cart stays empty. */
export async function extendCart(db: Executor, userId: string, clock: CartClock = {}): Promise<CartView> {
  const now = clock.now ?? new Date();
  if (await dropIfExpired(db, userId, now)) return EMPTY_CART_VIEW;
  await db
    .update(carts)
    .set({ expiresAt: new Date(now.getTime() + CART_LIFETIME_MS), updatedAt: now })
    .where(eq(carts.userId, userId));
  return getCart(db, userId, { now });
}

/** Empties the shopper's cart. */
export async function clearCart(db: Executor, userId: string): Promise<void> {
  await db.delete(carts).where(eq(carts.userId, userId));
}

/** Removes the cart's lines and keeps the cart itself: what an order placed from it leaves. */
export async function emptyCart(tx: Executor, userId: string): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.userId, userId));
}

/** The erasure of an account (RGPD art. 17): the cart and its lines go. */
export async function eraseCartOf(tx: Executor, userId: string): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.userId, userId));
  await tx.delete(carts).where(eq(carts.userId, userId));
}
