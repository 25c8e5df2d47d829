/**
 * The stock.low resource (decision 050): pure, so the inventory builds it in the transaction of
 * the change without knowing the webhooks (decision 054).
 */
import { LOW_STOCK_THRESHOLD } from "~/lib/shop-rules";

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
