/**
 * The shopper's own orders: history and one order. Every read is filtered by the session's
 * user id; someone else's order is "not found". Status changes (the shopper's cancellation
 * included) go through the change-order-status workflow.
 */
import { and, desc, eq } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { orders } from "~/.server/db/schema";
import type { OrderView } from "~/domain/orders/order.types";
import { isUuid } from "~/lib/uuid";
import { withItems } from "./order-view";

export const ORDER_NOT_FOUND_MESSAGE = "Commande introuvable";
export const ORDER_NOT_CANCELLABLE_MESSAGE = "Cette commande ne peut plus être annulée";

/** The shopper's orders with their items, newest first. */
export async function listOrders(db: Executor, userId: string, now = new Date()): Promise<OrderView[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return withItems(db, rows, now);
}

/** One of the shopper's orders, or null when it does not exist or belongs to someone else. */
export async function getOrder(db: Executor, userId: string, orderId: string, now = new Date()): Promise<OrderView | null> {
  if (!isUuid(orderId)) return null;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) return null;
  const [view] = await withItems(db, [row], now);
  return view;
}
