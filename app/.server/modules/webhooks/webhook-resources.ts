/**
 * The resources webhook events carry (decision 050), read in the transaction of the change so
 * the body shows the state the change committed. Stable snake_case JSON, amounts in cents, no
 * personal data beyond what an order's fulfilment needs.
 */
import { asc, eq } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { orderItems, orders, products, productVariants } from "~/.server/db/schema";
import { LOW_STOCK_THRESHOLD } from "~/lib/shop-rules";

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

export async function productWebhookResource(tx: Executor, productId: string): Promise<Record<string, unknown>> {
  const [product] = await tx.select().from(products).where(eq(products.id, productId));
  if (!product) return { id: productId };
  const variants = await tx.select().from(productVariants).where(eq(productVariants.productId, productId)).orderBy(asc(productVariants.id));
  return {
    id: product.id,
    name: product.name,
    brand: product.brand,
    category_id: product.categoryId,
    price_cents: product.priceCents,
    stock_quantity: variants.reduce((sum, v) => sum + v.stockQuantity, 0),
    variants: variants.map((v) => ({ id: v.id, sku: v.sku, label: v.label, price_cents: v.priceCents, stock_quantity: v.stockQuantity })),
  };
}

/** A variant's stock went from above the low-stock threshold to it or below: one stock.low event. */
export function fellUnderLowStock(before: number, after: number): boolean {
  return before > LOW_STOCK_THRESHOLD && after <= LOW_STOCK_THRESHOLD;
}

export function stockLowResource(variant: {
  productId: string;
  variantId: string;
  sku?: string | null;
  stock: number;
}): Record<string, unknown> {
  return {
    product_id: variant.productId,
    variant_id: variant.variantId,
    sku: variant.sku ?? null,
    stock_quantity: variant.stock,
    threshold: LOW_STOCK_THRESHOLD,
  };
}
