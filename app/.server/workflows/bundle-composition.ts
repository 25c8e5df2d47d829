/**
 * The back office's "Composition du coffret" (docs/decisions/070-sets.md), where the catalogue
 * and the inventory meet: the inventory checks and writes the composition and recomputes the
 * set's stock; the catalogue tells the webhooks the product changed and the activity log who did
 * it. One transaction; the caches forget the product after the commit.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Database, Executor } from "~/.server/db/client";
import { products, productVariants } from "~/.server/db/schema";
import { productWebhookResource } from "~/.server/modules/catalog/product-resource";
import { afterStockChange } from "~/.server/modules/catalog/products-admin.service";
import { mailRestockedVariantAlerts } from "~/.server/modules/catalog/restock-alerts.service";
import {
  getBundleViews,
  searchComponentCandidates,
  setBundleComposition,
  type BundleComponentView,
  type BundleView,
} from "~/.server/modules/inventory/bundles.service";
import { recordAdminChangeBy, recordEvent } from "~/.server/outbox/events";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import type { BundleCompositionInput } from "~/domain/catalog/bundles";
import { notFound } from "~/domain/errors";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { isUuid } from "~/lib/uuid";

export type BundleEditorData = {
  productId: string;
  productName: string;
  variants: { id: string; label: string; stock: number }[];
  variantId: string;
  stock: number;
  bundle: BundleView | null;
  candidates: BundleComponentView[];
};

async function productVariantsOf(db: Executor, productId: string) {
  if (!isUuid(productId)) return [];
  return db
    .select({ id: productVariants.id, label: productVariants.label, stock: productVariants.stockQuantity, name: products.name })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
}

/** The page's data: the product's variants, the chosen one's composition and the search's results. */
export async function getBundleEditor(
  db: Database,
  input: { productId: string; variantId?: string | null; query?: string | null },
): Promise<BundleEditorData | null> {
  const variants = await productVariantsOf(db, input.productId);
  if (variants.length === 0) return null;
  const chosen = variants.find((v) => v.id === input.variantId) ?? variants[0];
  const bundle = (await getBundleViews(db, [chosen.id])).get(chosen.id) ?? null;
  const candidates = input.query ? await searchComponentCandidates(db, { query: input.query, excludeVariantId: chosen.id }) : [];
  return {
    productId: input.productId,
    productName: chosen.name,
    variants: variants.map((v) => ({ id: v.id, label: v.label, stock: v.stock })),
    variantId: chosen.id,
    stock: chosen.stock,
    bundle,
    candidates,
  };
}

/** Saves a variant's composition (an empty one makes it a plain variant again). */
export async function saveBundleComposition(
  db: Database,
  input: { productId: string; variantId: string; composition: BundleCompositionInput; actor?: AdminActor },
): Promise<{ stock: number; isBundle: boolean }> {
  if (!isUuid(input.productId) || !isUuid(input.variantId)) throw notFound("bundle_not_found", SHOP_MESSAGES.setNotFound);
  const result = await db.transaction(async (tx) => {
    const [variant] = await tx
      .select({ id: productVariants.id, stock: productVariants.stockQuantity })
      .from(productVariants)
      .where(and(eq(productVariants.id, input.variantId), eq(productVariants.productId, input.productId)));
    if (!variant) throw notFound("bundle_not_found", SHOP_MESSAGES.setNotFound);
    const before = (await getBundleViews(tx, [variant.id])).get(variant.id) ?? null;
    const saved = await setBundleComposition(tx, { bundleVariantId: variant.id, ...input.composition });
    if (saved.stock > 0 && variant.stock === 0) await mailRestockedVariantAlerts(tx, [variant.id]);
    await recordEvent(tx, "product.changed", { productId: input.productId, resource: await productWebhookResource(tx, input.productId) });
    await recordAdminChangeBy(tx, input.actor, {
      action: "product.update",
      entityType: "product",
      entityId: input.productId,
      summary: `Composition du coffret modifiée (${input.composition.components.length} composant(s), stock calculé : ${saved.stock})`,
      before: { components: before?.components.map((c) => ({ sku: c.sku, quantity: c.quantity })) ?? [] },
      after: { components: input.composition.components, returnableByComponent: input.composition.returnableByComponent },
    });
    return saved;
  });
  afterStockChange(db);
  return result;
}
