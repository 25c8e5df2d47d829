/**
 * The demo shop's set (docs/decisions/070-sets.md): "Coffret routine éclat", made of three demo
 * variants, so `npm start` shows a set's page, its contents and its derived stock. Relative
 * imports only (this module also runs under tsx).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../client";
import { bundleComponents, productBundles, products, productVariants } from "../schema";

export const DEMO_SET_NAME = "Coffret routine éclat";

/** What one set holds: the product's name, the variant's label (null: its only one), how many. */
const DEMO_SET_COMPONENTS: { product: string; label: string | null; quantity: number }[] = [
  { product: "Gel Nettoyant Purifiant", label: null, quantity: 1 },
  { product: "Sérum Éclat Vitamine C", label: null, quantity: 1 },
  { product: "Crème Hydratante Intense", label: "50 ml", quantity: 1 },
];

/** Writes the set's composition and derives its stock; skipped when a product it needs is missing. */
export async function seedDemoSets(tx: Executor): Promise<void> {
  const names = [DEMO_SET_NAME, ...DEMO_SET_COMPONENTS.map((c) => c.product)];
  const rows = await tx
    .select({ id: productVariants.id, name: products.name, label: productVariants.label })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(products.name, names));
  const set = rows.find((r) => r.name === DEMO_SET_NAME);
  const parts = DEMO_SET_COMPONENTS.map((c) => ({
    ...c,
    variant: rows.find((r) => r.name === c.product && (c.label === null || r.label === c.label)),
  }));
  if (!set || parts.some((p) => !p.variant)) return;
  await tx.insert(productBundles).values({ variantId: set.id, returnableByComponent: true }).onConflictDoNothing();
  await tx
    .insert(bundleComponents)
    .values(parts.map((p, position) => ({ bundleVariantId: set.id, componentVariantId: p.variant!.id, quantity: p.quantity, position })))
    .onConflictDoNothing();
  await tx
    .update(productVariants)
    .set({
      stockQuantity: sql`(SELECT coalesce(min(c.stock_quantity / b.quantity), 0) FROM ${bundleComponents} b
        JOIN ${productVariants} c ON c.id = b.component_variant_id WHERE b.bundle_variant_id = ${set.id})`,
    })
    .where(and(eq(productVariants.id, set.id)));
}
