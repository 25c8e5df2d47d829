/**
 * The shopper's own orders: history and one order. Every read is filtered by the session's
 * user id; someone else's order is "not found". Status changes (the shopper's cancellation
 * included) go through the change-order-status workflow, which writes through the functions
 * at the end of this file.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, gte, ne, sql } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { orderItems, orderNumberCounters, orders, orderStatusChanges, type OrderAddress, type OrderStatus } from "~/.server/db/schema";
import { formatOrderNumber, ORDER_NOT_FOUND_MESSAGE } from "~/domain/orders/order.types";
import { parisMonthStart, parisYear } from "~/lib/paris-time";
import { tierFor } from "~/domain/loyalty/loyalty.rules";
import type { DeliveryPerks } from "~/domain/delivery/delivery-methods";
import { isUuid } from "~/lib/uuid";
import { CARRIER_RULES, type Carrier } from "~/domain/orders/shipping-tracking";
import type { OrderItemRow, OrderRow } from "./order-view";

export { ORDER_NOT_FOUND_MESSAGE };
export const ORDER_NOT_CANCELLABLE_MESSAGE = "Cette commande ne peut plus être annulée";

/** The shopper's order rows, newest first (the order-views workflow makes them views). */
export function listShopperOrderRows(db: Executor, userId: string): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id));
}

/** One of the shopper's order rows, or null when it does not exist or belongs to someone else. */
export async function shopperOrderRow(db: Executor, userId: string, orderId: string): Promise<OrderRow | null> {
  if (!isUuid(orderId)) return null;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row ?? null;
}

/* -------------------------------------------------------------------------------------------- */
/* Writes: this module is the only writer of orders, order_items and order_status_changes.       */
/* Each takes the caller's transaction handle (docs/decisions/024-layering.md).                  */
/* -------------------------------------------------------------------------------------------- */

export type OrderRowValues = Omit<typeof orders.$inferInsert, "id" | "orderNumber">;

/**
 * The next order number of the Paris calendar year of `at`: one upsert of the year's counter.
 * Its row stays locked until the caller's transaction ends, so concurrent orders get distinct,
 * consecutive numbers, and a rolled-back order gives its number back.
 */
export async function allocateOrderNumber(tx: Executor, at: Date): Promise<string> {
  const year = parisYear(at);
  const [row] = await tx
    .insert(orderNumberCounters)
    .values({ year, lastValue: 1 })
    .onConflictDoUpdate({ target: orderNumberCounters.year, set: { lastValue: sql`${orderNumberCounters.lastValue} + 1` } })
    .returning({ lastValue: orderNumberCounters.lastValue });
  return formatOrderNumber(year, row.lastValue);
}

/**
 * Inserts the order with the next number of its year (`now`: when it is placed). When an order
 * with the same user and idempotency key already exists (a concurrent request committed it
 * first), answers that order's id as a replay instead.
 */
export async function createOrder(
  tx: Executor,
  values: OrderRowValues,
  now = new Date(),
): Promise<{ kind: "created"; orderId: string; number: string } | { kind: "replay"; orderId: string }> {
  const orderNumber = await allocateOrderNumber(tx, now);
  const [row] = await tx
    .insert(orders)
    .values({ ...values, id: randomUUID(), orderNumber })
    .onConflictDoNothing()
    .returning({ id: orders.id });
  if (row) return { kind: "created", orderId: row.id, number: orderNumber };
  if (values.userId && values.idempotencyKey) {
    const [same] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, values.userId), eq(orders.idempotencyKey, values.idempotencyKey)));
    if (same) return { kind: "replay", orderId: same.id };
  }
  throw new Error("could not insert the order");
}

/**
 * Whether the shopper already had this Paris calendar month's free express delivery of the
 * Beauty Expert tier (a cancelled order gives it back).
 */
export async function expertExpressUsedThisMonth(db: Executor, userId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.expressPerk, "expert_monthly"),
        gte(orders.createdAt, parisMonthStart(now)),
        ne(orders.status, "cancelled"),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The Beauty Pass express perk's inputs: the tier of a balance and whether this month's Expert perk is used. */
export async function deliveryPerksOf(db: Executor, userId: string, balance: number, now: Date): Promise<DeliveryPerks> {
  const tier = tierFor(balance).id;
  return { tier, expertExpressUsed: tier === "expert" ? await expertExpressUsedThisMonth(db, userId, now) : false };
}

export type NewOrderItem = Omit<typeof orderItems.$inferInsert, "id" | "orderId">;

/** The order's lines, in the given order; returns their ids. */
export async function addOrderItems(tx: Executor, orderId: string, items: readonly NewOrderItem[]): Promise<string[]> {
  if (items.length === 0) return [];
  const rows = await tx
    .insert(orderItems)
    .values(items.map((item) => ({ ...item, orderId })))
    .returning({ id: orderItems.id });
  return rows.map((r) => r.id);
}

/** One line of the status history: who moved the order, when, from what, to what. */
export async function appendOrderStatus(
  tx: Executor,
  change: { orderId: string; from: OrderStatus | null; to: OrderStatus; actorUserId: string | null; now: Date },
): Promise<void> {
  await tx.insert(orderStatusChanges).values({
    orderId: change.orderId,
    fromStatus: change.from,
    toStatus: change.to,
    actorUserId: change.actorUserId,
    createdAt: change.now,
  });
}

/** The order row, locked FOR UPDATE; filtered by owner when a user id is given. */
export async function lockOrder(tx: Executor, orderId: string, ownerId?: string): Promise<OrderRow | null> {
  const ownership = ownerId === undefined ? [] : [eq(orders.userId, ownerId)];
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), ...ownership))
    .for("update");
  return row ?? null;
}

/** The order row as it stands, for a read that needs no lock (back-office only: no owner filter). */
export async function getOrderRow(db: Executor, orderId: string): Promise<OrderRow | null> {
  if (!isUuid(orderId)) return null;
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row ?? null;
}

export function listOrderItems(db: Executor, orderId: string): Promise<OrderItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
}

/** The order's new status and payment status; returns the updated row. */
/** The parcel of a shipped order: carrier, its tracking number and public tracking page. */
export type OrderShipment = { carrier: string; trackingNumber: string; trackingUrl: string };

export async function setOrderStatus(
  tx: Executor,
  orderId: string,
  change: { status: OrderStatus; paymentStatus: string; now: Date; shipment?: OrderShipment },
): Promise<OrderRow> {
  const shipment = change.shipment
    ? {
        carrier: change.shipment.carrier,
        trackingNumber: change.shipment.trackingNumber,
        trackingUrl: change.shipment.trackingUrl,
        shippedAt: change.now,
      }
    : {};
  const [updated] = await tx
    .update(orders)
    .set({ status: change.status, paymentStatus: change.paymentStatus, updatedAt: change.now, ...shipment })
    .where(eq(orders.id, orderId))
    .returning();
  return updated;
}

/** A pending order's new delivery address (the change-of-address workflow checked it). */
/** The carrier's estimate replaces the one promised at checkout (decision 062). */
export async function setOrderEstimatedDeliveryDate(tx: Executor, orderId: string, day: string, now: Date): Promise<void> {
  await tx.update(orders).set({ estimatedDeliveryDate: day, updatedAt: now }).where(eq(orders.id, orderId));
}

export async function setOrderShippingAddress(tx: Executor, orderId: string, address: OrderAddress, now: Date): Promise<OrderRow> {
  const [updated] = await tx.update(orders).set({ shippingAddress: address, updatedAt: now }).where(eq(orders.id, orderId)).returning();
  return updated;
}

/** When the order was last marked delivered, or null: the start of its return period. */
export async function deliveredAtOf(db: Executor, orderId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: orderStatusChanges.createdAt })
    .from(orderStatusChanges)
    .where(and(eq(orderStatusChanges.orderId, orderId), eq(orderStatusChanges.toStatus, "delivered")))
    .orderBy(desc(orderStatusChanges.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/** Money paid back by a return, kept on the order so that sales figures count it. */
export async function addOrderRefund(tx: Executor, orderId: string, cents: number, now: Date): Promise<void> {
  if (cents <= 0) return;
  await tx
    .update(orders)
    .set({ refundedCents: sql`least(${orders.totalCents}, ${orders.refundedCents} + ${cents})`, updatedAt: now })
    .where(eq(orders.id, orderId));
}

/** Points earned still credited for the order after a return took some back. */
export async function reduceOrderPointsEarned(tx: Executor, orderId: string, points: number): Promise<void> {
  if (points <= 0) return;
  await tx
    .update(orders)
    .set({ pointsEarned: sql`greatest(0, ${orders.pointsEarned} - ${points})` })
    .where(eq(orders.id, orderId));
}

/**
 * Delivered orders of a shopper (not a guest) with no Beauty Pass points recorded, of at least
 * 1 € (under it, an order earns nothing): what the loyalty repair looks at.
 */
export async function listDeliveredOrdersWithoutPoints(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "delivered"), sql`${orders.userId} is not null`, eq(orders.pointsEarned, 0), gte(orders.totalCents, 100)));
  return rows.map((row) => row.id);
}

/** The Beauty Pass points currently credited for the order (0 once reversed). */
export async function setOrderPointsEarned(tx: Executor, orderId: string, points: number): Promise<void> {
  await tx.update(orders).set({ pointsEarned: points }).where(eq(orders.id, orderId));
}

/** What replaces the customer's name on the orders kept after an account is deleted. */
export const DELETED_CUSTOMER_NAME = "Client supprimé";

/** Keys that identify or locate a person; city, postal code and country stay for accounting. */
const PERSONAL_KEYS = ["phone", "street", "additional_info", "email", "company"] as const;
const NAME_KEYS = ["first_name", "last_name", "name", "full_name"] as const;

/** A copy of an address or customer record without what identifies the person. */
function anonymiseRecord<T extends Record<string, unknown>>(record: T): T {
  const copy: Record<string, unknown> = { ...record };
  for (const key of PERSONAL_KEYS) delete copy[key];
  for (const key of NAME_KEYS) if (key in copy) copy[key] = DELETED_CUSTOMER_NAME;
  return copy as T;
}

function anonymiseMetadata(metadata: Record<string, unknown>): Record<string, unknown> {
  const info = metadata.customer_info;
  if (!info || typeof info !== "object" || Array.isArray(info)) return metadata;
  return { ...metadata, customer_info: anonymiseRecord(info as Record<string, unknown>) };
}

/**
 * The erasure of a customer (RGPD art. 17): their orders stay for accounting, detached from the
 * account (user_id NULL), names replaced, phone, street, e-mail and notes removed, city, postal
 * code and country kept. Returns how many orders were anonymised.
 */
export async function anonymiseCustomerOrders(tx: Executor, userId: string, now = new Date()): Promise<number> {
  const own = await tx
    .select({ id: orders.id, shippingAddress: orders.shippingAddress, billingAddress: orders.billingAddress, metadata: orders.metadata })
    .from(orders)
    .where(eq(orders.userId, userId))
    .for("update");
  for (const order of own) {
    await tx
      .update(orders)
      .set({
        userId: null,
        shippingAddress: anonymiseRecord(order.shippingAddress) as OrderAddress,
        billingAddress: order.billingAddress ? (anonymiseRecord(order.billingAddress) as OrderAddress) : null,
        metadata: anonymiseMetadata(order.metadata),
        // Delivery notes and the gift message (decision 068) are free text written by the customer.
        notes: null,
        giftMessage: null,
        updatedAt: now,
      })
      .where(and(eq(orders.id, order.id), eq(orders.userId, userId)));
  }
  return own.length;
}

/** The parcel of an order as 'Expédier' recorded it (all null before it is shipped); null for an unknown order. */
export async function getOrderShipment(
  db: Executor,
  orderId: string,
): Promise<{
  status: OrderStatus;
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  shipped_at: string | null;
} | null> {
  if (!isUuid(orderId)) return null;
  const [row] = await db
    .select({
      status: orders.status,
      carrier: orders.carrier,
      trackingNumber: orders.trackingNumber,
      trackingUrl: orders.trackingUrl,
      shippedAt: orders.shippedAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row) return null;
  return {
    status: row.status,
    carrier: row.carrier ? (CARRIER_RULES[row.carrier as Carrier]?.label ?? row.carrier) : null,
    tracking_number: row.trackingNumber,
    tracking_url: row.trackingUrl,
    shipped_at: row.shippedAt ? row.shippedAt.toISOString() : null,
  };
}

/** The order's payment status alone (an instalment paid or failed for good, decision 035). */
export async function setOrderPaymentStatus(tx: Executor, orderId: string, paymentStatus: string, now: Date): Promise<void> {
  await tx.update(orders).set({ paymentStatus, updatedAt: now }).where(eq(orders.id, orderId));
}
