/** Maps order rows to the OrderView the pages and the API share. */
import { orderVatView } from "~/domain/tax/order-tax";
import { orderGiftViewOf } from "~/domain/checkout/gift-options";
import { CARRIER_RULES, type Carrier } from "~/domain/orders/shipping-tracking";
import type { DeliveryMethodCode, ExpressPerk } from "~/domain/delivery/delivery-methods";
import { DELIVERY_METHOD_TITLES } from "~/domain/delivery/delivery-methods-form";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { isReturnable } from "~/domain/returns/returns";
import type { Executor } from "~/.server/db/client";
import { orderItems, orders, orderStatusChanges } from "~/.server/db/schema";
import { orderDocumentsOf } from "~/.server/db/order-documents";
import { ORDER_CHANGE_WINDOW_HOURS } from "~/lib/shop-rules";
import { type OrderStatusValue, type OrderView } from "~/domain/orders/order.types";

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

const CHANGE_WINDOW_MS = ORDER_CHANGE_WINDOW_HOURS * 60 * 60 * 1000;

/** A shopper may cancel an order while it is pending and less than an hour old. */
export function isCancellable(order: Pick<OrderRow, "status" | "createdAt">, now = new Date()): boolean {
  return order.status === "pending" && now.getTime() - order.createdAt.getTime() < CHANGE_WINDOW_MS;
}

/** What a view adds from other modules: the gift cards that paid the order and those it bought, its invoice and credit notes. */
export type OrderViewExtras = Pick<OrderView, "gift_card_payments" | "gift_cards" | "documents" | "delivered_at"> &
  Partial<Pick<OrderView, "payment_schedule" | "tracking_events">>;
const NO_EXTRAS: OrderViewExtras = {
  gift_card_payments: [],
  gift_cards: [],
  documents: [],
  delivered_at: null,
  payment_schedule: [],
  tracking_events: [],
};

/** When each order was last marked delivered (the start of its return period). */
async function deliveredAtByOrder(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: orderStatusChanges.orderId,
      at: sql<string>`max(${orderStatusChanges.createdAt})`.mapWith((v) => new Date(v).toISOString()),
    })
    .from(orderStatusChanges)
    .where(and(inArray(orderStatusChanges.orderId, [...ids]), eq(orderStatusChanges.toStatus, "delivered")))
    .groupBy(orderStatusChanges.orderId);
  return new Map(rows.map((r) => [r.orderId, r.at]));
}

export function toOrderView(order: OrderRow, items: OrderItemRow[], now = new Date(), gift: OrderViewExtras = NO_EXTRAS): OrderView {
  return {
    id: order.id,
    number: order.orderNumber,
    reference: order.orderNumber,
    order_number: order.orderNumber,
    status: order.status as OrderStatusValue,
    payment_status: order.paymentStatus,
    subtotal_cents: order.subtotalCents,
    shipping_cents: order.shippingCents,
    discount_cents: order.discountCents,
    tax_cents: order.taxCents,
    total_cents: order.totalCents,
    points_used: order.pointsUsed,
    promo_code: order.promoCode,
    promo_discount_cents: order.promoDiscountCents,
    currency: order.currency,
    shipping_method: order.shippingMethod === "free_shipping" ? "free_shipping" : "standard",
    carrier: order.carrier ? (CARRIER_RULES[order.carrier as Carrier]?.label ?? order.carrier) : null,
    tracking_number: order.trackingNumber,
    tracking_url: order.trackingUrl,
    shipped_at: order.shippedAt ? order.shippedAt.toISOString() : null,
    delivery_method: order.deliveryMethod as DeliveryMethodCode,
    delivery_method_label: DELIVERY_METHOD_TITLES[order.deliveryMethod as DeliveryMethodCode] ?? DELIVERY_METHOD_TITLES.standard,
    relay_point: order.relayPoint ?? null,
    estimated_delivery_date: order.estimatedDeliveryDate ?? null,
    express_perk: (order.expressPerk as ExpressPerk | null) ?? null,
    shipping_address: order.shippingAddress,
    metadata: order.metadata as OrderView["metadata"],
    created_at: order.createdAt.toISOString(),
    cancellable: isCancellable(order, now),
    items: items.map((i) => ({
      id: i.id,
      product_id: i.productId,
      variant_id: i.variantId,
      quantity: i.quantity,
      unit_price_cents: i.unitPriceCents,
      total_price_cents: i.totalPriceCents,
      product_snapshot: i.productSnapshot,
    })),
    gift_card_cents: order.giftCardCents,
    gift_card_payments: gift.gift_card_payments,
    gift_cards: gift.gift_cards,
    documents: gift.documents,
    vat_treatment: orderVatView(order.tax),
    delivered_at: gift.delivered_at,
    returnable: isReturnable({ status: order.status, delivered_at: gift.delivered_at }, now),
    payment_schedule: gift.payment_schedule ?? [],
    tracking_events: gift.tracking_events ?? [],
    gift: orderGiftViewOf(order),
  };
}

/**
 * What the orders module itself adds to a view: each order's invoice and credit notes and when
 * it was delivered. The gift cards and the payment schedule come from their modules, added by
 * the order-views workflow (app/.server/workflows/order-views.ts).
 */
export async function ownViewExtras(
  db: Executor,
  rows: readonly Pick<OrderRow, "id" | "paymentStatus">[],
): Promise<Map<string, Pick<OrderViewExtras, "documents" | "delivered_at">>> {
  const ids = rows.map((r) => r.id);
  const documents = await orderDocumentsOf(db, rows, "shopper");
  const delivered = await deliveredAtByOrder(db, ids);
  return new Map(ids.map((id) => [id, { documents: documents.get(id) ?? [], delivered_at: delivered.get(id) ?? null }]));
}

/** The items of the given orders, each order's in id order (one query for all). */
export async function itemsByOrder(db: Executor, ids: readonly string[]): Promise<Map<string, OrderItemRow[]>> {
  const byOrder = new Map<string, OrderItemRow[]>();
  if (ids.length === 0) return byOrder;
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...ids]))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
  for (const item of items) {
    const list = byOrder.get(item.orderId) ?? [];
    list.push(item);
    byOrder.set(item.orderId, list);
  }
  return byOrder;
}
