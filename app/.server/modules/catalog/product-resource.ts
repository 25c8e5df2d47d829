/**
 * A product as webhook consumers see it (decision 050): read in the transaction of the change, so
 * the product.changed event carries the state the change committed (decision 054).
 */
import { asc, eq } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { products, productVariants } from "~/.server/db/schema";

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
