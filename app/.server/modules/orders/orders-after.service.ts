/**
 * Orders a shopper placed in a time window: what the forgotten-cart job asks to tell whether a
 * reminder was followed by a purchase (docs/decisions/069-forgotten-cart.md). Cancelled orders do
 * not count as a recovered cart.
 */
import { and, asc, eq, gt, lte, ne } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { orders } from "../../db/schema";

export type PlacedOrder = { id: string; orderNumber: string; totalCents: number; createdAt: Date };

/** The user's first order placed after `after` and at or before `until`, or null. */
export async function firstOrderPlacedBetween(db: Executor, userId: string, after: Date, until: Date): Promise<PlacedOrder | null> {
  const [row] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, totalCents: orders.totalCents, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.userId, userId), gt(orders.createdAt, after), lte(orders.createdAt, until), ne(orders.status, "cancelled")))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(1);
  return row ?? null;
}
