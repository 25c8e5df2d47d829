/**
 * The administrator's stock changes, where the catalogue and the inventory meet (decision 024):
 * the catalogue names the variants (by product or SKU), logs the change and mails the restock
 * alerts it makes due; the inventory locks, checks and writes each variant's stock with its
 * movement. One transaction, all or nothing; the caches are forgotten after the commit.
 */
import type { Database } from "~/.server/db/client";
import {
  afterStockChange,
  recordStockAdjustments,
  variantIdsBySku,
  variantIdsOfProducts,
} from "~/.server/modules/catalog/products-admin.service";
import { mailRestockedVariantAlerts } from "~/.server/modules/catalog/restock-alerts.service";
import { adjustStock } from "~/.server/modules/inventory/inventory.service";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import type { BulkStockChange } from "~/domain/catalog/admin-api.schema";
import { restockedVariants, type StockAdjustResult } from "~/domain/catalog/stock-adjust";

/**
 * The page's stock changes, on variants: those named, and every variant of each product named
 * (a product row's adjuster, the bulk bar). One row's minus refuses to go below 0 ('Stock
 * insuffisant'); the bulk bar's '- Retirer' floors at 0. An unknown product or variant changes
 * nothing: 'Produit introuvable'.
 */
export async function adjustAdminStock(
  db: Database,
  input: {
    productIds?: string[];
    variantIds?: string[];
    mode: "set" | "add" | "remove";
    quantity: number;
    bulk: boolean;
    actorUserId: string | null;
    actor?: AdminActor;
  },
): Promise<StockAdjustResult> {
  const result = await db.transaction(async (tx) => {
    const variantIds = new Set([...(input.variantIds ?? []), ...(await variantIdsOfProducts(tx, input.productIds ?? []))]);
    const adjusted = await adjustStock(tx, {
      variantIds: [...variantIds],
      mode: input.mode,
      quantity: input.quantity,
      actorUserId: input.actorUserId,
      floorAtZero: input.bulk,
    });
    await recordStockAdjustments(tx, input.actor, adjusted, input.mode, input.quantity);
    // Variants back in stock: their waiting alerts are mailed with this commit.
    await mailRestockedVariantAlerts(tx, restockedVariants(adjusted));
    return adjusted;
  });
  afterStockChange(db);
  return result;
}

/**
 * The admin API's bulk stock change (decision 049): one change per SKU (set, add or remove),
 * all in one transaction, all or nothing. An unknown SKU changes nothing: 404 'Référence
 * inconnue : <sku>'; a removal below 0 is refused ('Stock insuffisant'), like one row's minus.
 */
export async function adjustStockBySku(
  db: Database,
  input: { changes: readonly BulkStockChange[]; actorUserId: string | null; actor?: AdminActor },
): Promise<StockAdjustResult> {
  const result = await db.transaction(async (tx) => {
    const idOf = await variantIdsBySku(
      tx,
      input.changes.map((c) => c.sku),
    );
    const variants: StockAdjustResult["variants"] = [];
    for (const change of input.changes) {
      const adjusted = await adjustStock(tx, {
        variantIds: [idOf.get(change.sku)!],
        mode: change.mode,
        quantity: change.quantity,
        actorUserId: input.actorUserId,
      });
      await recordStockAdjustments(tx, input.actor, adjusted, change.mode, change.quantity);
      variants.push(...adjusted.variants);
    }
    const adjusted = { variants };
    await mailRestockedVariantAlerts(tx, restockedVariants(adjusted));
    return adjusted;
  });
  afterStockChange(db);
  return result;
}
