/**
 * What the forgotten-cart reminder needs of the cart (docs/decisions/069-forgotten-cart.md). A
 * cart lives six hours (decision 025), so by the time a reminder goes it has often lapsed; the
 * reminder gives it a fresh lifetime so "Retrouver mon panier" opens the cart the mail shows,
 * priced from the catalogue as every cart is. Its `updated_at` is left alone: a reminder is not
 * the shopper's activity, and the second reminder's delay counts from that.
 */
import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { cartItems, carts } from "../../db/schema";
import { EMPTY_CART_VIEW, type CartView } from "~/domain/cart/cart.types";
import { CART_LIFETIME_MS } from "~/lib/shop-rules";
import { getCart } from "./cart.service";

/**
 * Locks the shopper's cart row (an order being placed from it queues behind) and, when it still
 * has lines, keeps it at least CART_LIFETIME_MS from `now`; answers the cart priced now, empty
 * when it has no lines.
 */
export async function keepCartForReminder(tx: Executor, userId: string, now: Date): Promise<CartView> {
  const [cart] = await tx.select({ userId: carts.userId }).from(carts).where(eq(carts.userId, userId)).for("update");
  if (!cart) return EMPTY_CART_VIEW;
  const [line] = await tx.select({ userId: cartItems.userId }).from(cartItems).where(eq(cartItems.userId, userId)).limit(1);
  if (!line) return EMPTY_CART_VIEW;
  const keptUntil = new Date(now.getTime() + CART_LIFETIME_MS);
  await tx
    .update(carts)
    .set({ expiresAt: sql`greatest(${carts.expiresAt}, ${keptUntil.toISOString()}::timestamptz)` })
    .where(eq(carts.userId, userId));
  return getCart(tx, userId, { now });
}
