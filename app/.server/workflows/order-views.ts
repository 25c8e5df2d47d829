/**
 * The order as the shopper's pages, the API and the back-office read it, where the orders module
 * meets the gift cards and the payment schedules (decision 024): the orders module gives the
 * rows, items, documents and delivery date; the gift-cards module the cards that paid the order
 * and those it bought; the payment-schedules module the instalments; the delivery module the
 * parcel's events. Every read of a shopper's
 * order is filtered by the session's user id; someone else's order is "not found".
 */
import type { Executor } from "~/.server/db/client";
import { giftCardPaymentsOf, giftCardsBoughtBy } from "~/.server/modules/gift-cards/gift-cards.service";
import { itemsByOrder, ownViewExtras, toOrderView, type OrderRow, type OrderViewExtras } from "~/.server/modules/orders/order-view";
import { getAdminOrderRecord } from "~/.server/modules/orders/orders-admin.service";
import { listShopperOrderRows, shopperOrderRow } from "~/.server/modules/orders/orders.service";
import { paymentSchedulesOf } from "~/.server/modules/payment-schedules/payment-schedules.service";
import { trackingEventsOf } from "~/.server/modules/delivery/shipments.service";
import { samplesOfOrders } from "~/.server/modules/samples/samples.service";
import type { AdminOrderDetail } from "~/domain/orders/admin-orders.schema";
import type { OrderView } from "~/domain/orders/order.types";

/** Every order's extras: its own documents and delivery date, and what the other modules add. */
async function extrasOf(db: Executor, rows: readonly Pick<OrderRow, "id" | "paymentStatus">[]): Promise<Map<string, OrderViewExtras>> {
  const ids = rows.map((r) => r.id);
  const own = await ownViewExtras(db, rows);
  const payments = await giftCardPaymentsOf(db, ids);
  const bought = await giftCardsBoughtBy(db, ids);
  const schedules = await paymentSchedulesOf(db, ids);
  const tracking = await trackingEventsOf(db, ids);
  return new Map(
    ids.map((id) => [
      id,
      {
        gift_card_payments: payments.get(id) ?? [],
        gift_cards: bought.get(id) ?? [],
        documents: own.get(id)?.documents ?? [],
        delivered_at: own.get(id)?.delivered_at ?? null,
        payment_schedule: schedules.get(id) ?? [],
        tracking_events: tracking.get(id) ?? [],
      },
    ]),
  );
}

/** The extras of one order, for a view built from its row already read (in a workflow's transaction). */
export async function orderViewExtras(db: Executor, order: Pick<OrderRow, "id" | "paymentStatus">): Promise<OrderViewExtras> {
  return (await extrasOf(db, [order])).get(order.id)!;
}

/** Views of the given order rows, with their items (one query per part for all the rows). */
export async function orderViews(db: Executor, rows: OrderRow[], now = new Date()): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const items = await itemsByOrder(db, ids);
  const extras = await extrasOf(db, rows);
  const samples = await samplesOfOrders(db, ids); // free samples (decision 067)
  return rows.map((r) => ({ ...toOrderView(r, items.get(r.id) ?? [], now, extras.get(r.id)), samples: samples.get(r.id) ?? [] }));
}

/** The shopper's orders with their items, newest first. */
export async function listOrders(db: Executor, userId: string, now = new Date()): Promise<OrderView[]> {
  return orderViews(db, await listShopperOrderRows(db, userId), now);
}

/** One of the shopper's orders, or null when it does not exist or belongs to someone else. */
export async function getOrder(db: Executor, userId: string, orderId: string, now = new Date()): Promise<OrderView | null> {
  const row = await shopperOrderRow(db, userId, orderId);
  if (!row) return null;
  const [view] = await orderViews(db, [row], now);
  return view;
}

/** Everything the back-office's order modal shows, or null for an unknown or malformed id. */
export async function getAdminOrder(db: Executor, id: string): Promise<AdminOrderDetail | null> {
  const record = await getAdminOrderRecord(db, id);
  if (!record) return null;
  return {
    ...record,
    payment_schedule: (await paymentSchedulesOf(db, [record.id])).get(record.id) ?? [],
    tracking_events: (await trackingEventsOf(db, [record.id])).get(record.id) ?? [],
    samples: (await samplesOfOrders(db, [record.id])).get(record.id) ?? [],
  };
}
