/**
 * Saving the back-office product form, where the catalogue and the inventory meet (decision 024):
 * the catalogue checks and writes the product and its variants, the inventory writes each
 * variant's stock with its movement, then the catalogue records the change (webhook event,
 * activity log) with the stock as it now is. One transaction, all or nothing.
 */
import type { Database } from "~/.server/db/client";
import {
  afterProductSaved,
  productSaveRefusal,
  recordProductSaved,
  writeProductForm,
  type ProductSaveRequest,
  type SavedProduct,
} from "~/.server/modules/catalog/product-form.service";
import { mailRestockedVariantAlerts } from "~/.server/modules/catalog/restock-alerts.service";
import { adjustStock, recordInitialStock } from "~/.server/modules/inventory/inventory.service";
import { bundleVariantsAmong } from "~/.server/modules/inventory/bundles.service";
import { restockedVariants } from "~/domain/catalog/stock-adjust";

/**
 * Creates (id null) or edits a product and its variants from the form's validated input; the
 * refusals are writeProductForm's. Nothing is written on a refusal.
 */
export async function saveAdminProduct(db: Database, request: ProductSaveRequest): Promise<SavedProduct> {
  let draft;
  try {
    draft = await db.transaction(async (tx) => {
      const written = await writeProductForm(tx, request);
      for (const added of written.newVariants) {
        await recordInitialStock(tx, { ...added, actorUserId: request.actorUserId });
      }
      // A set's stock is derived from its components (decision 070): the form's figure is not written.
      const sets = await bundleVariantsAmong(
        tx,
        written.stockLevels.map((l) => l.variantId),
      );
      for (const level of written.stockLevels.filter((l) => !sets.has(l.variantId))) {
        // The inventory's "set" writes a movement only when the stock changes.
        const adjusted = await adjustStock(tx, {
          variantIds: [level.variantId],
          mode: "set",
          quantity: level.stock,
          actorUserId: request.actorUserId,
        });
        // Back in stock: its waiting alerts are mailed with this commit.
        await mailRestockedVariantAlerts(tx, restockedVariants(adjusted));
      }
      await recordProductSaved(tx, request, written);
      return written;
    });
  } catch (error) {
    throw await productSaveRefusal(db, request, error);
  }
  await afterProductSaved(db, draft);
  return { id: draft.id, name: request.input.name, created: draft.created };
}
