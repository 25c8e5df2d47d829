/**
 * Server cart of a signed-in shopper (visitors keep theirs in the browser), one line per variant
 * (decision 025). Quantities only are stored; names, prices, stock and availability are always read from the catalogue, so a cart
 * never shows a stale price. A cart lives CART_LIFETIME_MS from its creation or last extension;
 * an expired cart reads as empty and is deleted on the way.
 */
import { and, asc, eq, inArray, lte, notInArray, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client";
import { cartItems, carts, categories, products, productVariants } from "../../db/schema";
import { invalid } from "~/domain/errors";
import { isUuid } from "~/lib/uuid";
import { EMPTY_CART_VIEW, type CartLineView, type CartProductQuote, type CartView } from "~/domain/cart/cart.types";
import { CART_LIFETIME_MS, CART_MAX_LINE_QUANTITY, CART_MAX_LINES } from "~/lib/shop-rules";

export type CartClock = { now?: Date };

/**
 * A requested line: the variant, its product, or both (validated by OrderLineSchema at the edge).
 * A product id alone stands for a one-variant product's only variant.
 */
export type CartLineInput = { product_id?: string; variant_id?: string; quantity: number };

/** A line once resolved to the variant it sells. */
export type ResolvedLine = { product_id: string; variant_id: string; quantity: number };

export const CHOOSE_VARIANT_MESSAGE = (name: string) => `Veuillez choisir une taille ou une teinte pour ${name}`;
export const FOREIGN_VARIANT_MESSAGE = "L'option choisie ne correspond pas à ce produit";

/** The variant's first picture, else the product's. */
const variantImage = sql<string | null>`coalesce(${productVariants.images}[1], ${products.imageUrl})`;

const quoteColumns = {
  product_id: products.id,
  variant_id: productVariants.id,
  variant_label: productVariants.label,
  sku: productVariants.sku,
  name: products.name,
  brand: products.brand,
  price_cents: productVariants.priceCents,
  image_url: variantImage,
  category_name: categories.name,
  stock_quantity: productVariants.stockQuantity,
};

type QuoteRow = Omit<CartProductQuote, "available">;

function toQuote(row: QuoteRow): CartProductQuote {
  return { ...row, available: row.stock_quantity > 0 };
}

/** The most of a variant one line may hold: its stock, and never more than CART_MAX_LINE_QUANTITY. */
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

/** Current price, stock and availability of these variants; unknown ids are left out. */
export async function quoteVariants(db: Executor, variantIds: readonly string[]): Promise<CartProductQuote[]> {
  const ids = [...new Set(variantIds)].filter(isUuid);
  if (ids.length === 0) return [];
  const rows = await db
    .select(quoteColumns)
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(productVariants.id, ids));
  const byId = new Map(rows.map((row) => [row.variant_id, toQuote(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The quotes of one-variant products by product id (lines saved before variants carry no
 * variant id); unknown products and products with several variants are left out.
 */
export async function quoteProducts(db: Executor, productIds: readonly string[]): Promise<CartProductQuote[]> {
  const ids = [...new Set(productIds)].filter(isUuid);
  if (ids.length === 0) return [];
  const rows = await db
    .select(quoteColumns)
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(inArray(productVariants.productId, ids), eq(products.variantCount, 1)));
  const byId = new Map(rows.map((row) => [row.product_id, toQuote(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The cart's price check: quotes of variants, and of one-variant products by product id. */
export async function quoteCartLines(
  db: Executor,
  ids: { productIds: readonly string[]; variantIds: readonly string[] },
): Promise<CartProductQuote[]> {
  const byVariant = await quoteVariants(db, ids.variantIds);
  const byProduct = await quoteProducts(db, ids.productIds);
  return [...byVariant, ...byProduct];
}

/**
 * The variant each line sells: its variant id, or the only variant of its product. Refused
 * (invalid, French message): a variant of another product than the line's, a product with
 * several variants and no variant chosen. Unknown variants and products are left out (the
 * caller reports them as no longer available). Lines of the same variant are summed, in
 * first-seen order, however they name it (by variant, or by a one-variant product's id).
 */
export async function resolveLines(db: Executor, lines: readonly CartLineInput[]): Promise<ResolvedLine[]> {
  return (await resolveLinesCountingMisses(db, lines)).lines;
}

/** resolveLines, also counting the lines that named no existing variant or product. */
export async function resolveLinesCountingMisses(
  db: Executor,
  lines: readonly CartLineInput[],
): Promise<{ lines: ResolvedLine[]; missing: number }> {
  const variantIds = lines.flatMap((l) => (l.variant_id && isUuid(l.variant_id) ? [l.variant_id] : []));
  const productIds = lines.flatMap((l) => (!l.variant_id && l.product_id && isUuid(l.product_id) ? [l.product_id] : []));
  const variants = new Map<string, string>();
  if (variantIds.length > 0) {
    const rows = await db
      .select({ id: productVariants.id, productId: productVariants.productId })
      .from(productVariants)
      .where(inArray(productVariants.id, [...new Set(variantIds)]));
    for (const row of rows) variants.set(row.id, row.productId);
  }
  const only = new Map<string, { variantId: string | null; name: string }>();
  if (productIds.length > 0) {
    const rows = await db
      .select({ productId: products.id, name: products.name, variantId: productVariants.id })
      .from(products)
      .innerJoin(productVariants, eq(productVariants.productId, products.id))
      .where(inArray(products.id, [...new Set(productIds)]));
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.productId, (counts.get(row.productId) ?? 0) + 1);
    for (const row of rows) {
      if ((counts.get(row.productId) ?? 0) > 1)
        throw invalid("variant_required", CHOOSE_VARIANT_MESSAGE(row.name), { field: "variant_id" });
      only.set(row.productId, { variantId: row.variantId, name: row.name });
    }
  }
  const resolved = new Map<string, ResolvedLine>();
  let missing = 0;
  for (const line of lines) {
    let productId: string | undefined;
    let variantId: string | null | undefined;
    if (line.variant_id) {
      productId = variants.get(line.variant_id);
      if (productId && line.product_id && line.product_id !== productId) {
        throw invalid("variant_mismatch", FOREIGN_VARIANT_MESSAGE, { field: "variant_id" });
      }
      variantId = productId ? line.variant_id : null;
    } else if (line.product_id) {
      productId = line.product_id;
      variantId = only.get(line.product_id)?.variantId;
    }
    if (!productId || !variantId) {
      missing += 1;
      continue;
    }
    const current = resolved.get(variantId);
    resolved.set(variantId, { product_id: productId, variant_id: variantId, quantity: (current?.quantity ?? 0) + line.quantity });
  }
  return { lines: [...resolved.values()], missing };
}

async function readLines(db: Executor, userId: string): Promise<CartLineView[]> {
  const rows = await db
    .select({ ...quoteColumns, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.variantId));
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

/**
 * Writes the shopper's cart in one transaction, the cart row locked so two tabs saving at once
 * queue up. `replace` sets the lines to `lines`; `merge` adds them to the live cart (sign-in). In
 * both, each touched line is capped at the variant's stock and CART_MAX_LINE_QUANTITY, unknown or
 * sold-out variants are dropped, and the cart keeps at most CART_MAX_LINES lines.
 */
async function writeCart(
  db: Database,
  userId: string,
  lines: readonly CartLineInput[],
  mode: "replace" | "merge",
  clock: CartClock,
  mergeId?: string,
): Promise<CartView> {
  const now = clock.now ?? new Date();
  const freshExpiry = new Date(now.getTime() + CART_LIFETIME_MS);
  // Refusals (a foreign variant, a product needing a choice) come before anything is written.
  const wanted = await resolveLines(db, lines);
  return db.transaction(async (tx) => {
    await tx.insert(carts).values({ userId, expiresAt: freshExpiry }).onConflictDoNothing();
    const [cart] = await tx
      .select({ expiresAt: carts.expiresAt, lastMergeId: carts.lastMergeId })
      .from(carts)
      .where(eq(carts.userId, userId))
      .for("update");
    // The same merge again (its first answer never reached the page): the cart as it is.
    if (mode === "merge" && mergeId && cart.lastMergeId === mergeId) return toCartView(await readLines(tx, userId), cart.expiresAt);
    let expiresAt = cart.expiresAt;
    if (expiresAt.getTime() <= now.getTime()) {
      // The old cart has expired: its lines go, the new one gets a full lifetime.
      await tx.delete(cartItems).where(eq(cartItems.userId, userId));
      expiresAt = freshExpiry;
    }

    const quotes = new Map(
      (
        await quoteVariants(
          tx,
          wanted.map((l) => l.variant_id),
        )
      ).map((quote) => [quote.variant_id, quote]),
    );
    const target = new Map<string, { productId: string; quantity: number }>();
    if (mode === "merge") {
      const existing = await tx
        .select({ variantId: cartItems.variantId, productId: cartItems.productId, quantity: cartItems.quantity })
        .from(cartItems)
        .where(eq(cartItems.userId, userId))
        .orderBy(asc(cartItems.addedAt), asc(cartItems.variantId));
      for (const line of existing) target.set(line.variantId, { productId: line.productId, quantity: line.quantity });
    }
    for (const line of wanted) {
      const quote = quotes.get(line.variant_id);
      if (!quote || !quote.available) continue;
      const total = Math.min((target.get(line.variant_id)?.quantity ?? 0) + line.quantity, lineCap(quote.stock_quantity));
      if (total > 0) target.set(line.variant_id, { productId: quote.product_id, quantity: total });
    }
    const kept = [...target].slice(0, CART_MAX_LINES);

    if (kept.length === 0) {
      await tx.delete(carts).where(eq(carts.userId, userId));
      return EMPTY_CART_VIEW;
    }
    const keptIds = kept.map(([variantId]) => variantId);
    await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), notInArray(cartItems.variantId, keptIds)));
    // Lines keep their original position (added_at) when only their quantity changes.
    await tx
      .insert(cartItems)
      .values(
        kept.map(([variantId, { productId, quantity }], index) => ({
          userId,
          productId,
          variantId,
          quantity,
          addedAt: new Date(now.getTime() + index),
        })),
      )
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.variantId],
        set: { quantity: sql`excluded.quantity` },
      });
    await tx
      .update(carts)
      .set({ expiresAt, updatedAt: now, ...(mode === "merge" && mergeId ? { lastMergeId: mergeId } : {}) })
      .where(eq(carts.userId, userId));
    return toCartView(await readLines(tx, userId), expiresAt);
  });
}

/** Sets the shopper's cart to these lines (the browser saves every change this way). */
export function replaceCart(db: Database, userId: string, lines: readonly CartLineInput[], clock: CartClock = {}) {
  return writeCart(db, userId, lines, "replace", clock);
}

/**
 * Adds these lines to the shopper's cart (the visitor's cart, at sign-in). A merge whose `mergeId`
 * is the last one applied changes nothing: the browser retried it after losing the first answer.
 */
export function mergeCart(
  db: Database,
  userId: string,
  lines: readonly CartLineInput[],
  options: { mergeId?: string; clock?: CartClock } = {},
) {
  return writeCart(db, userId, lines, "merge", options.clock ?? {}, options.mergeId);
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
