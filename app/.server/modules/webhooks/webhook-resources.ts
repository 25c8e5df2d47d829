/**
 * The order resource webhook events carry (decision 050), read in the transaction of the change
 * so the body shows the state the change committed (the product's is the catalogue's,
 * catalog/product-resource.ts; the stock level's is app/domain/webhooks/webhook-resources.ts). Stable snake_case JSON, amounts in cents, no
 * personal data beyond what an order's fulfilment needs.
 */
import { asc, eq } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { orderItems, orders } from "~/.server/db/schema";

export async function orderWebhookResource(tx: Executor, orderId: string): Promise<Record<string, unknown>> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return { id: orderId };
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  return {
    id: order.id,
    number: order.orderNumber,
    status: order.status,
    payment_status: order.paymentStatus,
    currency: order.currency,
    subtotal_cents: order.subtotalCents,
    shipping_cents: order.shippingCents,
    discount_cents: order.discountCents,
    total_cents: order.totalCents,
    refunded_cents: order.refundedCents,
    delivery_method: order.deliveryMethod,
    carrier: order.carrier,
    tracking_number: order.trackingNumber,
    shipping_address: order.shippingAddress,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    items: items.map((i) => ({
      id: i.id,
      product_id: i.productId,
      variant_id: i.variantId,
      quantity: i.quantity,
      unit_price_cents: i.unitPriceCents,
      total_price_cents: i.totalPriceCents,
      name: (i.productSnapshot as { name?: unknown }).name ?? null,
    })),
  };
}
