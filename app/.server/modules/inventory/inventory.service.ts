/**
 * Inventory: every stock change of the shop goes through here, inside the caller's transaction,
 * and leaves one stock movement (who, why, delta, resulting stock) naming the product and the
 * variant.
 *
 * What is stocked is a variant (decision 025). Stock is changed with one conditional UPDATE per
 * variant (`stock_quantity >= n` when taking), always in variant-id order so two workflows
 * touching the same variants cannot deadlock, and never goes below 0 (CHECKs on the variants and
 * the movements back this up). The product's stock and in_stock are roll-ups a deferred trigger
 * writes at commit: this module never writes them.
 */
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import { fellUnderLowStock, stockLowResource } from "~/domain/webhooks/webhook-resources";
import { recordEvent } from "~/.server/outbox/events";
import type { Database, Executor } from "~/.server/db/client";
import { isUuid } from "~/lib/uuid";
import { conflict, invalid, notFound } from "~/domain/errors";
import { INSUFFICIENT_STOCK_MESSAGE, stockProblemMessage, type StockProblem } from "~/domain/checkout/stock-problem";
import { productBundles, products, productVariants, stockMovements } from "~/.server/db/schema";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import type { StockAdjustResult } from "~/domain/catalog/stock-adjust";
import { bundleCompositions, bundleVariantsAmong, recomputeBundleStocks } from "./bundles.service";

/** "Stock insuffisant" (app/domain/checkout/stock-problem.ts), the refusal's message when no line is named. */
export { INSUFFICIENT_STOCK_MESSAGE };

export type StockReason = "order" | "order_cancelled" | "order_returned" | "order_restored" | "admin_set" | "admin_add" | "admin_remove";

export type StockLine = {
  variantId: string;
  quantity: number;
  /**
   * A set's line only: what ONE set held when it was sold (the order line's snapshot), put back
   * on a cancellation or return instead of the set's current composition (decision 070).
   */
  components?: readonly StockLine[];
};

export type StockContext = {
  reason: StockReason;
  orderId?: string | null;
  actorUserId?: string | null;
  note?: string | null;
  /** Taking only: also require the variant to be offered for sale (checkout): its stock is what says so. */
  requireInStock?: boolean;
  /**
   * Taking only: leave the movements to the caller (recordTakenStock), for a workflow whose
   * order row does not exist yet when the stock is taken.
   */
  deferMovements?: boolean;
};

/** What a taken line's variant looked like once its stock was taken (for order snapshots). */
export type TakenStock = {
  variantId: string;
  productId: string;
  quantity: number;
  name: string;
  brand: string | null;
  /** The variant's label ("50 ml", "Beige rosé 02") and SKU. */
  variantLabel: string;
  sku: string;
  /** How many variants the product has: a label is worth showing from two. */
  variantCount: number;
  /** The variant's first picture, or the product's. */
  imageUrl: string | null;
  /** The variant's price. */
  priceCents: number;
  /** The variant's stock after the take (a set's: its recomputed stock). */
  resultingStock: number;
  /** A set's line: what one set holds, with the components' catalogue prices at the sale (decision 070). */
  bundle?: TakenBundle;
};

export type TakenBundle = {
  returnableByComponent: boolean;
  components: {
    variantId: string;
    productId: string;
    name: string;
    variantLabel: string;
    variantCount: number;
    sku: string;
    quantity: number;
    priceCents: number;
  }[];
};

export type TakeStockResult =
  | {
      ok: true;
      /** Every variant whose stock was taken (a set's components, never the set): the movements. */
      taken: TakenStock[];
      /** One per variant asked for, sets included, with the quantity asked: the order's lines. */
      lines: TakenStock[];
    }
  | {
      ok: false;
      /** The first variant short of stock (or gone: `exists` false). */
      variantId: string;
      productId: string | null;
      exists: boolean;
      /** The product's name, and the variant's label when the product has several. */
      name: string | null;
      variantLabel: string | null;
      available: number;
      offered: boolean;
    };

/** Quantities per variant, merged and sorted by variant id (the lock order). */
function sortedQuantities(lines: readonly StockLine[]): [string, number][] {
  const merged = new Map<string, number>();
  for (const line of lines) {
    if (line.quantity <= 0) continue;
    merged.set(line.variantId, (merged.get(line.variantId) ?? 0) + line.quantity);
  }
  return [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The variant's own first picture, else the product's. */
const variantImage = sql<string | null>`coalesce(${productVariants.images}[1], ${products.imageUrl})`;

/**
 * Takes the quantities from stock, all or nothing: on the first variant short of stock the
 * caller gets `ok: false` and must roll back its transaction (earlier lines were already taken).
 */
export async function takeStock(tx: Executor, lines: readonly StockLine[], context: StockContext): Promise<TakeStockResult> {
  const requested = sortedQuantities(lines);
  // A set's units come out of its components' stock (decision 070); its own stock is derived.
  const compositions = await bundleCompositions(
    tx,
    requested.map(([id]) => id),
  );
  const physical = requested.flatMap(([variantId, quantity]) =>
    (compositions.get(variantId) ?? [{ variantId, quantity: 1 }]).map((c) => ({ variantId: c.variantId, quantity: c.quantity * quantity })),
  );
  const taken: TakenStock[] = [];
  for (const [variantId, quantity] of sortedQuantities(physical)) {
    // The product row is only read (no lock): its roll-ups move at commit (decision 025).
    const [row] = await tx
      .update(productVariants)
      .set({ stockQuantity: sql`${productVariants.stockQuantity} - ${quantity}` })
      .from(products)
      .where(
        and(eq(productVariants.id, variantId), gte(productVariants.stockQuantity, quantity), eq(products.id, productVariants.productId)),
      )
      .returning({
        productId: productVariants.productId,
        name: products.name,
        brand: products.brand,
        variantLabel: productVariants.label,
        sku: productVariants.sku,
        variantCount: products.variantCount,
        imageUrl: variantImage,
        priceCents: productVariants.priceCents,
        stock: productVariants.stockQuantity,
      });
    if (!row) {
      const [current] = await tx
        .select({
          productId: productVariants.productId,
          name: products.name,
          label: productVariants.label,
          variantCount: products.variantCount,
          stock: productVariants.stockQuantity,
        })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(eq(productVariants.id, variantId));
      const set = [...compositions].find(([, parts]) => parts.some((p) => p.variantId === variantId));
      if (set && current) return await bundleShortage(tx, set[0]);
      return {
        ok: false,
        variantId,
        productId: current?.productId ?? null,
        exists: Boolean(current),
        name: current?.name ?? null,
        variantLabel: current && current.variantCount > 1 ? current.label : null,
        available: current?.stock ?? 0,
        offered: (current?.stock ?? 0) > 0,
      };
    }
    if (fellUnderLowStock(row.stock + quantity, row.stock))
      await recordEvent(tx, "stock.fell_low", { productId: row.productId, resource: stockLowResource({ ...row, variantId }) });
    taken.push({
      variantId,
      productId: row.productId,
      quantity,
      name: row.name,
      brand: row.brand,
      variantLabel: row.variantLabel,
      sku: row.sku,
      variantCount: row.variantCount,
      imageUrl: row.imageUrl,
      priceCents: row.priceCents,
      resultingStock: row.stock,
    });
  }
  if (!context.deferMovements) await recordTakenStock(tx, taken, context);
  const sets = await recomputeBundleStocks(
    tx,
    taken.map((t) => t.variantId),
  );
  for (const set of sets) {
    if (fellUnderLowStock(set.before, set.stock))
      await recordEvent(tx, "stock.fell_low", {
        productId: set.productId,
        resource: stockLowResource({ productId: set.productId, variantId: set.variantId, stock: set.stock }),
      });
  }
  const byVariant = new Map(taken.map((t) => [t.variantId, t]));
  const bundleLines = await takenBundleLines(tx, requested, compositions, byVariant);
  return {
    ok: true,
    taken,
    lines: requested.map(([variantId, quantity]) => bundleLines.get(variantId) ?? { ...byVariant.get(variantId)!, quantity }),
  };
}

/** A set's order lines: the set's own name, price and recomputed stock, and what one set holds. */
async function takenBundleLines(
  tx: Executor,
  requested: readonly [string, number][],
  compositions: Map<string, { variantId: string; quantity: number }[]>,
  byVariant: Map<string, TakenStock>,
): Promise<Map<string, TakenStock>> {
  const result = new Map<string, TakenStock>();
  const setIds = requested.map(([id]) => id).filter((id) => compositions.has(id));
  if (setIds.length === 0) return result;
  const rows = await tx
    .select({
      variantId: productVariants.id,
      productId: productVariants.productId,
      name: products.name,
      brand: products.brand,
      variantLabel: productVariants.label,
      sku: productVariants.sku,
      variantCount: products.variantCount,
      imageUrl: variantImage,
      priceCents: productVariants.priceCents,
      stock: productVariants.stockQuantity,
      returnableByComponent: productBundles.returnableByComponent,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(productBundles, eq(productBundles.variantId, productVariants.id))
    .where(inArray(productVariants.id, setIds));
  for (const row of rows) {
    const quantity = requested.find(([id]) => id === row.variantId)![1];
    result.set(row.variantId, {
      variantId: row.variantId,
      productId: row.productId,
      quantity,
      name: row.name,
      brand: row.brand,
      variantLabel: row.variantLabel,
      sku: row.sku,
      variantCount: row.variantCount,
      imageUrl: row.imageUrl,
      priceCents: row.priceCents,
      resultingStock: row.stock,
      bundle: {
        returnableByComponent: row.returnableByComponent,
        components: compositions.get(row.variantId)!.map((c) => {
          const part = byVariant.get(c.variantId)!;
          return {
            variantId: c.variantId,
            productId: part.productId,
            name: part.name,
            variantLabel: part.variantLabel,
            variantCount: part.variantCount,
            sku: part.sku,
            quantity: c.quantity,
            priceCents: part.priceCents,
          };
        }),
      },
    });
  }
  return result;
}

/** A set short of stock is named as the set, with how many whole sets are left. */
async function bundleShortage(tx: Executor, setVariantId: string): Promise<Extract<TakeStockResult, { ok: false }>> {
  const [set] = await tx
    .select({
      productId: productVariants.productId,
      name: products.name,
      label: productVariants.label,
      variantCount: products.variantCount,
      stock: productVariants.stockQuantity,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, setVariantId));
  return {
    ok: false,
    variantId: setVariantId,
    productId: set?.productId ?? null,
    exists: Boolean(set),
    name: set?.name ?? null,
    variantLabel: set && set.variantCount > 1 ? set.label : null,
    available: set?.stock ?? 0,
    offered: (set?.stock ?? 0) > 0,
  };
}

/** The movements of stock taken with `deferMovements`. */
export async function recordTakenStock(tx: Executor, taken: readonly TakenStock[], context: StockContext): Promise<void> {
  if (taken.length === 0) return;
  await tx.insert(stockMovements).values(
    taken.map((t) => ({
      productId: t.productId,
      variantId: t.variantId,
      delta: -t.quantity,
      resultingStock: t.resultingStock,
      reason: context.reason,
      orderId: context.orderId ?? null,
      actorUserId: context.actorUserId ?? null,
      note: context.note ?? null,
    })),
  );
}

/** Puts the quantities back (variants deleted since are skipped). Returns the variants changed. */
export async function returnStock(tx: Executor, lines: readonly StockLine[], context: StockContext): Promise<string[]> {
  const changed: string[] = [];
  // A set goes back as its components: those the order line kept, else its current composition.
  const compositions = await bundleCompositions(
    tx,
    lines.filter((l) => !l.components).map((l) => l.variantId),
  );
  const physical = lines.flatMap((line) => {
    const parts = line.components ?? compositions.get(line.variantId);
    return parts ? parts.map((c) => ({ variantId: c.variantId, quantity: c.quantity * line.quantity })) : [line];
  });
  for (const [variantId, quantity] of sortedQuantities(physical)) {
    const [row] = await tx
      .update(productVariants)
      .set({ stockQuantity: sql`${productVariants.stockQuantity} + ${quantity}` })
      .where(eq(productVariants.id, variantId))
      .returning({ productId: productVariants.productId, stock: productVariants.stockQuantity });
    if (!row) continue;
    changed.push(variantId);
    await tx.insert(stockMovements).values({
      productId: row.productId,
      variantId,
      delta: quantity,
      resultingStock: row.stock,
      reason: context.reason,
      orderId: context.orderId ?? null,
      actorUserId: context.actorUserId ?? null,
      note: context.note ?? null,
    });
  }
  const sets = await recomputeBundleStocks(tx, changed);
  return [...changed, ...sets.filter((s) => s.stock > s.before).map((s) => s.variantId)];
}

/** "Eau de parfum Aurore · 50 ml", or the name alone. */
function lineName(name: string, variantLabel: string | null): string {
  return variantLabel ? `${name} · ${variantLabel}` : name;
}

/** A failed take as data (the page words it, decision 044), or null when its product is gone. */
export function insufficientStockProblem(failure: Extract<TakeStockResult, { ok: false }>): StockProblem | null {
  if (!failure.name) return null;
  const name = lineName(failure.name, failure.variantLabel);
  if (!failure.offered || failure.available === 0) return { code: "sold_out", name };
  return { code: "insufficient", name, available: failure.available };
}

/** The message for a failed take, naming the product (and variant) when it still exists. */
export function insufficientStockMessage(failure: Extract<TakeStockResult, { ok: false }>): string {
  const problem = insufficientStockProblem(failure);
  return problem ? stockProblemMessage(problem) : INSUFFICIENT_STOCK_MESSAGE;
}

/* -------------------------------------------------------------------------------------------- */
/* Administrator adjustments                                                                      */
/* -------------------------------------------------------------------------------------------- */

export const STOCK_ADJUST_MAX = 1_000_000;
export const INVALID_QUANTITY_MESSAGE = "Quantité invalide";

export type StockAdjustment = {
  variantIds: readonly string[];
  /** set: the stock becomes the quantity; add / remove: the stock moves by it. */
  mode: "set" | "add" | "remove";
  quantity: number;
  actorUserId: string | null;
  /**
   * remove only. true (bulk bar): the stock floors at 0. false (one variant's minus button):
   * removing more than there is refused with 'Stock insuffisant'.
   */
  floorAtZero?: boolean;
  note?: string | null;
};

const ADJUST_REASON = { set: "admin_set", add: "admin_add", remove: "admin_remove" } as const;

export const PRODUCT_NOT_FOUND_MESSAGE = SHOP_MESSAGES.productNotFound;

const variantNotFound = () => notFound("variant_not_found", PRODUCT_NOT_FOUND_MESSAGE);

/**
 * The administrator's stock changes, one variant or many, in one transaction, all or nothing
 * (an unknown variant or a refused removal changes nothing): each variant row is locked in id
 * order, its new stock computed and written with a movement (skipped when it does not change).
 * Stock never goes below 0; the products' roll-ups follow at commit.
 */
export async function adjustStock(db: Database | Executor, input: StockAdjustment): Promise<StockAdjustResult> {
  if (!Number.isInteger(input.quantity) || input.quantity < 0 || input.quantity > STOCK_ADJUST_MAX) {
    throw invalid("invalid_quantity", INVALID_QUANTITY_MESSAGE);
  }
  const ids = [...new Set(input.variantIds)].sort();
  if (ids.length === 0) return { variants: [] };
  if (!ids.every(isUuid)) throw variantNotFound();
  return db.transaction((tx) => adjustLocked(tx, ids, input));
}

async function adjustLocked(tx: Executor, ids: string[], input: StockAdjustment): Promise<StockAdjustResult> {
  const rows = await tx
    .select({ id: productVariants.id, productId: productVariants.productId, stock: productVariants.stockQuantity })
    .from(productVariants)
    .where(inArray(productVariants.id, ids))
    .orderBy(asc(productVariants.id))
    .for("update");
  if (rows.length !== ids.length) throw variantNotFound();
  // A set's stock is its components' (decision 070): refused when named, left out of a bulk change.
  const sets = await bundleVariantsAmong(tx, ids);
  if (sets.size > 0 && !input.floorAtZero) throw conflict("bundle_stock_derived", SHOP_MESSAGES.setStockDerived);
  const changed: StockAdjustResult["variants"] = [];
  for (const row of rows.filter((r) => !sets.has(r.id))) {
    let next: number;
    if (input.mode === "set") next = input.quantity;
    else if (input.mode === "add") next = Math.min(row.stock + input.quantity, STOCK_ADJUST_MAX);
    else if (row.stock >= input.quantity || input.floorAtZero) next = Math.max(0, row.stock - input.quantity);
    else throw conflict("insufficient_stock", INSUFFICIENT_STOCK_MESSAGE);
    const delta = next - row.stock;
    changed.push({ variantId: row.id, productId: row.productId, stock: next, delta });
    if (delta === 0) continue;
    await tx.update(productVariants).set({ stockQuantity: next }).where(eq(productVariants.id, row.id));
    if (fellUnderLowStock(row.stock, next))
      await recordEvent(tx, "stock.fell_low", {
        productId: row.productId,
        resource: stockLowResource({ productId: row.productId, variantId: row.id, stock: next }),
      });
    await tx.insert(stockMovements).values({
      productId: row.productId,
      variantId: row.id,
      delta,
      resultingStock: next,
      reason: ADJUST_REASON[input.mode],
      actorUserId: input.actorUserId,
      note: input.note ?? null,
    });
  }
  return {
    variants: [
      ...changed,
      ...(await recomputedBundles(
        tx,
        changed.map((c) => c.variantId),
      )),
    ],
  };
}

/** The sets whose stock followed their components', as adjustments (restock alerts, low-stock events, logs). */
async function recomputedBundles(tx: Executor, variantIds: readonly string[]): Promise<StockAdjustResult["variants"]> {
  const sets = await recomputeBundleStocks(tx, variantIds);
  for (const set of sets) {
    if (fellUnderLowStock(set.before, set.stock))
      await recordEvent(tx, "stock.fell_low", {
        productId: set.productId,
        resource: stockLowResource({ productId: set.productId, variantId: set.variantId, stock: set.stock }),
      });
  }
  return sets.map((s) => ({ variantId: s.variantId, productId: s.productId, stock: s.stock, delta: s.stock - s.before }));
}

/**
 * The first movement of a variant created with stock (reason "initial"), inside the transaction
 * that inserted it, so its history starts from what it was created with.
 */
export async function recordInitialStock(
  tx: Executor,
  input: { variantId: string; quantity: number; actorUserId: string | null },
): Promise<void> {
  if (input.quantity <= 0) return;
  const [variant] = await tx
    .select({ productId: productVariants.productId })
    .from(productVariants)
    .where(eq(productVariants.id, input.variantId));
  if (!variant) throw variantNotFound();
  await tx.insert(stockMovements).values({
    productId: variant.productId,
    variantId: input.variantId,
    delta: input.quantity,
    resultingStock: input.quantity,
    reason: "initial",
    actorUserId: input.actorUserId,
  });
}

/* -------------------------------------------------------------------------------------------- */
/* Catalogue import                                                                               */
/* -------------------------------------------------------------------------------------------- */

/** Rows per statement in bulk writes: far below PostgreSQL's 65,535 bound parameters. */
const BULK_CHUNK = 2000;

/** A PostgreSQL array literal of values that need no quoting (uuids, integers). */
const arrayLiteral = (values: readonly (string | number)[]) => `{${values.join(",")}}`;

/**
 * The catalogue import's stock levels (docs/decisions/051-catalogue-import-export.md): each
 * variant's stock becomes the given level, in bulk (a few statements per 2,000 variants instead
 * of three per variant), rows locked in id order; a movement "admin_set" is written for each
 * level that changes, none for the others. Levels are checked (0 to STOCK_ADJUST_MAX) by the
 * caller; the CHECK constraints back this up.
 */
export async function setStockLevels(
  tx: Executor,
  levels: readonly { variantId: string; stock: number }[],
  context: { actorUserId: string | null; note: string },
): Promise<StockAdjustResult> {
  const wanted = new Map(levels.map((l) => [l.variantId, l.stock]));
  // A set's level in the file is its derived stock, exported: it is recomputed, never set.
  for (const set of await bundleVariantsAmong(tx, [...wanted.keys()])) wanted.delete(set);
  const ids = [...wanted.keys()].sort();
  const changed: StockAdjustResult["variants"] = [];
  for (let i = 0; i < ids.length; i += BULK_CHUNK) {
    const chunk = ids.slice(i, i + BULK_CHUNK);
    const rows = await tx
      .select({ id: productVariants.id, productId: productVariants.productId, stock: productVariants.stockQuantity })
      .from(productVariants)
      .where(inArray(productVariants.id, chunk))
      .orderBy(asc(productVariants.id))
      .for("update");
    if (rows.length !== chunk.length) throw variantNotFound();
    const moved = rows
      .map((r) => ({
        variantId: r.id,
        productId: r.productId,
        stock: wanted.get(r.id) ?? r.stock,
        delta: (wanted.get(r.id) ?? r.stock) - r.stock,
      }))
      .filter((r) => r.delta !== 0);
    if (moved.length === 0) continue;
    await tx.execute(sql`
      UPDATE ${productVariants} AS v SET stock_quantity = d.stock
      FROM (SELECT unnest(${arrayLiteral(moved.map((m) => m.variantId))}::uuid[]) AS id,
                   unnest(${arrayLiteral(moved.map((m) => m.stock))}::int[]) AS stock) AS d
      WHERE v.id = d.id`);
    await tx.insert(stockMovements).values(
      moved.map((m) => ({
        productId: m.productId,
        variantId: m.variantId,
        delta: m.delta,
        resultingStock: m.stock,
        reason: "admin_set",
        actorUserId: context.actorUserId,
        note: context.note,
      })),
    );
    // A level that falls to the low-stock threshold tells the webhooks, as a single adjustment does.
    for (const m of moved) {
      if (fellUnderLowStock(m.stock - m.delta, m.stock))
        await recordEvent(tx, "stock.fell_low", {
          productId: m.productId,
          resource: stockLowResource({ productId: m.productId, variantId: m.variantId, stock: m.stock }),
        });
    }
    changed.push(...moved);
  }
  return {
    variants: [
      ...changed,
      ...(await recomputedBundles(
        tx,
        changed.map((c) => c.variantId),
      )),
    ],
  };
}

/** The first movements ("initial") of variants the import created with stock, in bulk. */
export async function recordInitialStocks(
  tx: Executor,
  created: readonly { productId: string; variantId: string; quantity: number }[],
  context: { actorUserId: string | null; note: string },
): Promise<void> {
  const rows = created.filter((c) => c.quantity > 0);
  for (let i = 0; i < rows.length; i += BULK_CHUNK) {
    await tx.insert(stockMovements).values(
      rows.slice(i, i + BULK_CHUNK).map((c) => ({
        productId: c.productId,
        variantId: c.variantId,
        delta: c.quantity,
        resultingStock: c.quantity,
        reason: "initial",
        actorUserId: context.actorUserId,
        note: context.note,
      })),
    );
  }
}
