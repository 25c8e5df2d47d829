/**
 * Sets ("coffrets", docs/decisions/070-sets.md): the inventory owns their composition and keeps
 * each set variant's stock_quantity equal to min(floor(component stock / quantity)), recomputed
 * in the transaction that moves a component, so every reader of stock (pages, cart, quote,
 * feeds, low-stock lists) reads the right number without knowing about sets.
 *
 * Lock order: components first (the callers' conditional UPDATEs, in variant-id order), then the
 * affected sets (here, in id order), and only then the new stock is read, in a statement of its
 * own: under READ COMMITTED that statement sees every transaction that held the set's lock
 * before, so the last one to recompute a set writes the value every committed change implies.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { rowsOf, type Executor } from "~/.server/db/client";
import { bundleComponents, productBundles, products, productVariants } from "~/.server/db/schema";
import { conflict, invalid, notFound } from "~/domain/errors";
import {
  BUNDLE_COMPONENT_QUANTITY_MAX,
  bundleStockOf,
  type BundleComponentInput,
  type BundleCompositionInput,
} from "~/domain/catalog/bundles";
import { formatMessage } from "~/domain/messages/format";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

export type BundleComponentRow = { variantId: string; quantity: number };

/** The composition of each of these variants that is a set (others are absent from the map). */
export async function bundleCompositions(tx: Executor, variantIds: readonly string[]): Promise<Map<string, BundleComponentRow[]>> {
  const result = new Map<string, BundleComponentRow[]>();
  if (variantIds.length === 0) return result;
  const rows = await tx
    .select({
      bundleVariantId: bundleComponents.bundleVariantId,
      variantId: bundleComponents.componentVariantId,
      quantity: bundleComponents.quantity,
    })
    .from(bundleComponents)
    .where(inArray(bundleComponents.bundleVariantId, [...new Set(variantIds)]))
    .orderBy(asc(bundleComponents.bundleVariantId), asc(bundleComponents.position), asc(bundleComponents.componentVariantId));
  for (const row of rows) {
    const list = result.get(row.bundleVariantId) ?? [];
    list.push({ variantId: row.variantId, quantity: row.quantity });
    result.set(row.bundleVariantId, list);
  }
  return result;
}

/** Which of these variants are sets (a product_bundles row, with or without components yet). */
export async function bundleVariantsAmong(tx: Executor, variantIds: readonly string[]): Promise<Set<string>> {
  if (variantIds.length === 0) return new Set();
  const rows = await tx
    .select({ id: productBundles.variantId })
    .from(productBundles)
    .where(inArray(productBundles.variantId, [...new Set(variantIds)]));
  return new Set(rows.map((r) => r.id));
}

/**
 * Recomputes the stock of every set holding one of these component variants (and of these
 * variants themselves when they are sets). Returns the sets whose stock changed, with their
 * stock before and after (for restock alerts and low-stock events).
 */
export async function recomputeBundleStocks(
  tx: Executor,
  variantIds: readonly string[],
): Promise<{ variantId: string; productId: string; before: number; stock: number }[]> {
  if (variantIds.length === 0) return [];
  const ids = [...new Set(variantIds)];
  // One query, nothing found for a shop without sets: the sets holding these variants, and these variants that are sets.
  const found = await tx.execute<{ id: string }>(sql`
    SELECT bundle_variant_id AS id FROM ${bundleComponents} WHERE component_variant_id = ANY(${`{${ids.join(",")}}`}::uuid[])
    UNION SELECT variant_id AS id FROM ${productBundles} WHERE variant_id = ANY(${`{${ids.join(",")}}`}::uuid[])`);
  const sets = [...new Set(rowsOf<{ id: string }>(found).map((r) => r.id))].sort();
  if (sets.length === 0) return [];
  // Lock the sets in id order before reading their components' stock (see the header).
  const locked = await tx
    .select({ id: productVariants.id, productId: productVariants.productId, stock: productVariants.stockQuantity })
    .from(productVariants)
    .where(inArray(productVariants.id, sets))
    .orderBy(asc(productVariants.id))
    .for("update");
  const parts = await tx
    .select({
      bundleVariantId: bundleComponents.bundleVariantId,
      quantity: bundleComponents.quantity,
      stock: productVariants.stockQuantity,
    })
    .from(bundleComponents)
    .innerJoin(productVariants, eq(productVariants.id, bundleComponents.componentVariantId))
    .where(inArray(bundleComponents.bundleVariantId, sets));
  const changed: { variantId: string; productId: string; before: number; stock: number }[] = [];
  for (const set of locked) {
    const stock = bundleStockOf(parts.filter((p) => p.bundleVariantId === set.id));
    if (stock === set.stock) continue;
    await tx.update(productVariants).set({ stockQuantity: stock }).where(eq(productVariants.id, set.id));
    changed.push({ variantId: set.id, productId: set.productId, before: set.stock, stock });
  }
  return changed;
}

/** The product name and variant label of a variant, for a message ("Sérum · 30 ml"). */
async function variantNames(tx: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: productVariants.id, name: products.name, label: productVariants.label, count: products.variantCount })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.count > 1 ? `${r.name} · ${r.label}` : r.name]));
}

/**
 * Checks a composition for a set variant: not itself, no cycle, no set inside a set (one level:
 * a component's stock is a plain stock), no variant that is already a component of another set
 * becoming a set, no duplicate, quantities 1..99, every component an existing catalogue variant
 * (gift cards are not catalogue variants, so they cannot be chosen). Throws the French refusal.
 */
async function checkComposition(tx: Executor, bundleVariantId: string, components: readonly BundleComponentInput[]) {
  const names = await variantNames(tx, [bundleVariantId, ...components.map((c) => c.variantId)]);
  if (!names.has(bundleVariantId)) throw notFound("bundle_not_found", SHOP_MESSAGES.setNotFound);
  const seen = new Set<string>();
  for (const c of components) {
    if (c.variantId === bundleVariantId) throw invalid("bundle_contains_itself", SHOP_MESSAGES.setContainsItself, { field: "components" });
    if (!names.has(c.variantId)) throw invalid("bundle_component_not_found", SHOP_MESSAGES.setComponentNotFound, { field: "components" });
    if (seen.has(c.variantId)) {
      throw invalid("bundle_duplicate_component", formatMessage(SHOP_MESSAGES.setDuplicateComponent, { name: names.get(c.variantId)! }), {
        field: "components",
      });
    }
    seen.add(c.variantId);
    if (!Number.isInteger(c.quantity) || c.quantity < 1 || c.quantity > BUNDLE_COMPONENT_QUANTITY_MAX) {
      throw invalid("bundle_quantity_invalid", formatMessage(SHOP_MESSAGES.setQuantityRange, { max: BUNDLE_COMPONENT_QUANTITY_MAX }), {
        field: "components",
      });
    }
  }
  if (components.length === 0) return;
  const componentIds = components.map((c) => c.variantId);
  // A component that contains this set is a cycle; one that is a set at all is nesting.
  const nested = await tx
    .select({ id: productBundles.variantId, holdsThis: sql<boolean>`bool_or(${bundleComponents.componentVariantId} = ${bundleVariantId})` })
    .from(productBundles)
    .leftJoin(bundleComponents, eq(bundleComponents.bundleVariantId, productBundles.variantId))
    .where(inArray(productBundles.variantId, componentIds))
    .groupBy(productBundles.variantId);
  const cycle = nested.find((n) => n.holdsThis);
  if (cycle) throw invalid("bundle_cycle", formatMessage(SHOP_MESSAGES.setCycle, { name: names.get(cycle.id)! }), { field: "components" });
  if (nested.length > 0) {
    throw invalid("bundle_component_is_set", formatMessage(SHOP_MESSAGES.setComponentIsSet, { name: names.get(nested[0].id)! }), {
      field: "components",
    });
  }
  const [holder] = await tx
    .select({ id: bundleComponents.bundleVariantId })
    .from(bundleComponents)
    .where(eq(bundleComponents.componentVariantId, bundleVariantId))
    .limit(1);
  if (holder) {
    const holderName = (await variantNames(tx, [holder.id])).get(holder.id) ?? "";
    throw invalid("bundle_is_component", formatMessage(SHOP_MESSAGES.setIsComponent, { name: holderName }), { field: "components" });
  }
}

/**
 * Replaces the composition of a set variant (an empty list turns it back into a plain variant,
 * its stock then the last one computed, editable again), checked first, then its stock
 * recomputed in the same transaction. Returns the set's stock after the change.
 */
export async function setBundleComposition(
  tx: Executor,
  input: { bundleVariantId: string } & BundleCompositionInput,
): Promise<{ stock: number; isBundle: boolean }> {
  const { bundleVariantId, components } = input;
  await checkComposition(tx, bundleVariantId, components);
  // The set's row first: two saves of one set queue here rather than interleave.
  const [locked] = await tx
    .select({ stock: productVariants.stockQuantity })
    .from(productVariants)
    .where(eq(productVariants.id, bundleVariantId))
    .for("update");
  if (!locked) throw notFound("bundle_not_found", SHOP_MESSAGES.setNotFound);
  if (components.length === 0) {
    await tx.delete(productBundles).where(eq(productBundles.variantId, bundleVariantId));
    // The delete trigger sold it out while it lost its components; it keeps its last computed stock.
    await tx.update(productVariants).set({ stockQuantity: locked.stock }).where(eq(productVariants.id, bundleVariantId));
    return { stock: locked.stock, isBundle: false };
  }
  await tx
    .insert(productBundles)
    .values({ variantId: bundleVariantId, returnableByComponent: input.returnableByComponent })
    .onConflictDoUpdate({
      target: productBundles.variantId,
      set: { returnableByComponent: input.returnableByComponent, updatedAt: sql`now()` },
    });
  await tx.delete(bundleComponents).where(eq(bundleComponents.bundleVariantId, bundleVariantId));
  await tx
    .insert(bundleComponents)
    .values(components.map((c, position) => ({ bundleVariantId, componentVariantId: c.variantId, quantity: c.quantity, position })));
  await recomputeBundleStocks(tx, [bundleVariantId]);
  const [after] = await tx
    .select({ stock: productVariants.stockQuantity })
    .from(productVariants)
    .where(eq(productVariants.id, bundleVariantId));
  return { stock: after?.stock ?? 0, isBundle: true };
}

/** A set's component as the back office and the storefront show it. */
export type BundleComponentView = {
  variantId: string;
  productId: string;
  name: string;
  brand: string | null;
  variantLabel: string;
  variantCount: number;
  sku: string;
  quantity: number;
  stock: number;
  priceCents: number;
  imageUrl: string | null;
};

export type BundleView = { variantId: string; returnableByComponent: boolean; components: BundleComponentView[] };

/** The sets among these variants, with their components (in the composition's order). */
export async function getBundleViews(db: Executor, variantIds: readonly string[]): Promise<Map<string, BundleView>> {
  const result = new Map<string, BundleView>();
  if (variantIds.length === 0) return result;
  const ids = [...new Set(variantIds)];
  const heads = await db.select().from(productBundles).where(inArray(productBundles.variantId, ids));
  if (heads.length === 0) return result;
  const rows = await db
    .select({
      bundleVariantId: bundleComponents.bundleVariantId,
      variantId: productVariants.id,
      productId: products.id,
      name: products.name,
      brand: products.brand,
      variantLabel: productVariants.label,
      variantCount: products.variantCount,
      sku: productVariants.sku,
      quantity: bundleComponents.quantity,
      stock: productVariants.stockQuantity,
      priceCents: productVariants.priceCents,
      imageUrl: sql<string | null>`coalesce(${productVariants.images}[1], ${products.imageUrl})`,
    })
    .from(bundleComponents)
    .innerJoin(productVariants, eq(productVariants.id, bundleComponents.componentVariantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(bundleComponents.bundleVariantId, ids))
    .orderBy(asc(bundleComponents.position), asc(productVariants.id));
  for (const head of heads) {
    result.set(head.variantId, {
      variantId: head.variantId,
      returnableByComponent: head.returnableByComponent,
      components: rows.filter((r) => r.bundleVariantId === head.variantId).map(({ bundleVariantId: _, ...r }) => r),
    });
  }
  return result;
}

/** Refuses a direct stock change of a set variant: its stock is its components'. */
export async function refuseBundleStockChange(tx: Executor, variantIds: readonly string[]): Promise<void> {
  if ((await bundleVariantsAmong(tx, variantIds)).size > 0) throw conflict("bundle_stock_derived", SHOP_MESSAGES.setStockDerived);
}

/** The variants the catalogue's variant search offers as components: never a set. */
export async function searchComponentCandidates(
  db: Executor,
  input: { query: string; excludeVariantId: string; limit?: number },
): Promise<BundleComponentView[]> {
  const q = input.query.trim();
  if (q.length < 2) return [];
  const pattern = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  return db
    .select({
      variantId: productVariants.id,
      productId: products.id,
      name: products.name,
      brand: products.brand,
      variantLabel: productVariants.label,
      variantCount: products.variantCount,
      sku: productVariants.sku,
      quantity: sql<number>`1`,
      stock: productVariants.stockQuantity,
      priceCents: productVariants.priceCents,
      imageUrl: sql<string | null>`coalesce(${productVariants.images}[1], ${products.imageUrl})`,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        sql`(${products.name} ILIKE ${pattern} OR ${productVariants.sku} ILIKE ${pattern} OR ${products.brand} ILIKE ${pattern})`,
        sql`${productVariants.id} <> ${input.excludeVariantId}`,
        sql`NOT EXISTS (SELECT 1 FROM ${productBundles} b WHERE b.variant_id = ${productVariants.id})`,
      ),
    )
    .orderBy(asc(products.name), asc(productVariants.position))
    .limit(input.limit ?? 20);
}
