/**
 * The shopper's own orders: history, one order, and cancellation within the change window.
 * Every read and write is filtered by the session's user id; someone else's order is "not found".
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database, Executor } from "~/.server/db/client";
import {
  beautyPassTransactions,
  orderItems,
  orders,
  orderStatusChanges,
  products,
  stockMovements,
  user,
  userProfiles,
} from "~/.server/db/schema";
import { enqueueMail } from "~/.server/outbox/outbox.service";
import { invalidateCatalogCaches } from "~/.server/modules/catalog/catalog.service";
import { getPaymentProvider, type PaymentProvider } from "~/.server/modules/payments/payment-provider";
import { formatDate, formatPrice } from "~/lib/money";
import { orderReference, type OrderView } from "~/features/orders/order.types";
import { isCancellable, toOrderView, withItems, type OrderItemRow, type OrderRow } from "./order-view";
import { isUuid } from "~/lib/uuid";

export const ORDER_NOT_FOUND_MESSAGE = "Commande introuvable";
export const ORDER_NOT_CANCELLABLE_MESSAGE = "Cette commande ne peut plus être annulée";

export type CancelOrderResult =
  | { ok: true; order: OrderView }
  | { ok: false; status: 404 | 409; code: "not_found" | "order_not_cancellable"; message: string };


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

const notFound = { ok: false, status: 404, code: "not_found", message: ORDER_NOT_FOUND_MESSAGE } as const;
const notCancellable = {
  ok: false,
  status: 409,
  code: "order_not_cancellable",
  message: ORDER_NOT_CANCELLABLE_MESSAGE,
} as const;

/**
 * Cancels the shopper's order while it is pending and younger than ORDER_CHANGE_WINDOW_HOURS, in one
 * transaction: the order row is locked and re-checked, the status change is recorded, the stock
 * of every line goes back (with a stock movement each), the Beauty Pass points the order used are
 * given back, and the cancellation e-mail is queued in the outbox (sent only if all this commits).
 * A paid order is then refunded through the payment provider.
 */
export async function cancelOrder(
  db: Database,
  userId: string,
  orderId: string,
  now = new Date(),
  provider: PaymentProvider = getPaymentProvider(),
): Promise<CancelOrderResult> {
  if (!isUuid(orderId)) return notFound;
  const result = await db.transaction(async (tx): Promise<CancelOrderResult> => {
    // The lock makes a double click or two tabs wait here; the second one then sees 'cancelled'.
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .for("update");
    if (!order) return notFound;
    if (!isCancellable(order, now)) return notCancellable;

    const paymentStatus = order.paymentStatus === "paid" ? "refunded" : order.paymentStatus;
    const [cancelled] = await tx
      .update(orders)
      .set({ status: "cancelled", paymentStatus, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    await tx.insert(orderStatusChanges).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: "cancelled",
      actorUserId: userId,
    });

    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    await returnStock(tx, order.id, userId, items);
    if (order.pointsUsed > 0) await refundPoints(tx, userId, order);
    await queueCancellationMail(tx, userId, cancelled, items);

    return { ok: true, order: toOrderView(cancelled, items, now) };
  });
  if (!result.ok) return result;
  // Stock shows on the catalogue pages: once committed, they must not be served from cache.
  invalidateCatalogCaches(db);
  // The card is refunded once the cancellation is committed (never for a rolled-back one).
  const paymentId = (result.order.metadata.payment as { payment_id?: unknown } | undefined)?.payment_id;
  if (result.order.payment_status === "refunded" && typeof paymentId === "string") {
    await provider
      .refund(paymentId, result.order.total_cents)
      .catch((error) => console.error(`[orders] refund of ${paymentId} failed:`, error));
  }
  return result;
}

/** Puts every line's quantity back on its product (deleted products are skipped). */
async function returnStock(tx: Executor, orderId: string, userId: string, items: OrderItemRow[]): Promise<void> {
  const quantities = new Map<string, number>();
  for (const item of items) {
    if (item.productId) quantities.set(item.productId, (quantities.get(item.productId) ?? 0) + item.quantity);
  }
  // Always lock products in the same order (by id) so concurrent workflows cannot deadlock.
  const productIds = [...quantities.keys()].sort();
  for (const productId of productIds) {
    const delta = quantities.get(productId)!;
    const [product] = await tx
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} + ${delta}`, inStock: true, updatedAt: new Date() })
      .where(eq(products.id, productId))
      .returning({ stockQuantity: products.stockQuantity });
    if (!product) continue;
    await tx.insert(stockMovements).values({
      productId,
      delta,
      resultingStock: product.stockQuantity,
      reason: "order_cancelled",
      orderId,
      actorUserId: userId,
    });
  }
}

async function refundPoints(tx: Executor, userId: string, order: OrderRow): Promise<void> {
  await tx
    .update(userProfiles)
    .set({ loyaltyPoints: sql`${userProfiles.loyaltyPoints} + ${order.pointsUsed}`, updatedAt: new Date() })
    .where(eq(userProfiles.id, userId));
  await tx.insert(beautyPassTransactions).values({
    userId,
    points: order.pointsUsed,
    type: "refunded",
    description: `Points restitués (commande annulée ${orderReference(order.id)})`,
    orderId: order.id,
  });
}

async function queueCancellationMail(tx: Executor, userId: string, order: OrderRow, items: OrderItemRow[]): Promise<void> {
  const view = toOrderView(order, items);
  const contact = view.metadata?.customer_info;
  let to = contact?.email;
  if (!to) {
    const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
    to = owner?.email;
  }
  if (!to) return;

  const lines = view.items.map(
    (item) => `- ${item.product_snapshot.name} x ${item.quantity} : ${formatPrice(item.total_price_cents)}`,
  );
  const text = [
    contact?.name ? `Bonjour ${contact.name},` : "Bonjour,",
    "",
    `Votre commande #${view.reference} du ${formatDate(order.createdAt)} a bien été annulée.`,
    "",
    "Articles :",
    ...lines,
    "",
    `Total : ${formatPrice(view.total_cents)}`,
    ...(order.paymentStatus === "refunded"
      ? [`Le montant de ${formatPrice(view.total_cents)} sera remboursé sur votre moyen de paiement.`]
      : []),
    ...(order.pointsUsed > 0 ? [`Vos ${order.pointsUsed} points Beauty Pass vous ont été restitués.`] : []),
    "",
    "À bientôt sur Aurore.",
  ].join("\n");
  await enqueueMail(tx, { to, subject: `Annulation de votre commande #${view.reference}`, text });
}
