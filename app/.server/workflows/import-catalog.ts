/**
 * Catalogue import (docs/decisions/051-catalogue-import-export.md), for the back-office page and
 * `npm run import:products`. The file is checked (size before reading, encoding, header), every
 * line decided against the database (catalog module), and then, only when no line is refused,
 * applied in ONE transaction: products and variants (catalog), stock levels and their movements
 * (inventory), restock alerts, one activity-log entry with the counts. Images named by the CSV
 * come from the ZIP sent with it and go through the image pipeline before the transaction; if it
 * fails they are deleted again, and once it has committed the files of the images it replaced are
 * deleted. Nothing is half-applied: a refusal or a failure writes nothing. `onProgress` hears the
 * lines written inside the transaction (the page's progress bar).
 */
import type { Database } from "~/.server/db/client";
import {
  deferProductRollups,
  planCatalogImport,
  rollUpProducts,
  writeCatalogImport,
  type CatalogImportOptions,
  type CatalogImportPlan,
  type ImportProgress,
} from "~/.server/modules/catalog/catalog-import.service";
import { invalidateCatalogCaches } from "~/.server/modules/catalog/catalog.service";
import { forgetStockReport } from "~/.server/modules/catalog/products-admin.service";
import { mailRestockedVariantAlerts } from "~/.server/modules/catalog/restock-alerts.service";
import { recordInitialStocks, setStockLevels } from "~/.server/modules/inventory/inventory.service";
import { restockedVariants } from "~/domain/catalog/stock-adjust";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import { recordAdminChangeBy } from "~/.server/outbox/events";
import { kickOutbox } from "~/.server/outbox/outbox.service";
import { listArchiveImages, readArchiveImages } from "~/.server/media/image-archive";
import { removeUnreferencedProductImages, storeProductImage } from "~/.server/media/product-images";
import { getMediaStorage } from "~/.server/media/media-storage";
import {
  CATALOG_CSV_MAX_BYTES,
  CATALOG_ZIP_MAX_BYTES,
  CSV_TOO_LARGE_MESSAGE,
  decodeCatalogCsv,
  IMPORT_REFUSED_MESSAGE,
  importSummary,
  readCatalogCsv,
  ZIP_TOO_LARGE_MESSAGE,
  type CatalogCsvLine,
  type ImportPreview,
} from "~/domain/catalog/catalog-csv";
import { conflict, invalid, isDomainError } from "~/domain/errors";
import { isUniqueViolation } from "~/.server/db/errors";

export type CatalogImportFiles = { csv: Uint8Array; zip?: Uint8Array | null };

/** The note every stock movement of an import carries. */
export const IMPORT_STOCK_NOTE = "Import CSV du catalogue";

const SKU_RACE_MESSAGE = "Un SKU du fichier vient d'être utilisé ailleurs : relancez l'aperçu.";

/** Sizes checked before the bytes are read further (the route and the command line check the declared sizes earlier still). */
export function checkImportSizes(sizes: { csv: number; zip?: number | null }): void {
  if (sizes.csv > CATALOG_CSV_MAX_BYTES) throw invalid("csv_too_large", CSV_TOO_LARGE_MESSAGE);
  if ((sizes.zip ?? 0) > CATALOG_ZIP_MAX_BYTES) throw invalid("zip_too_large", ZIP_TOO_LARGE_MESSAGE);
}

/** The file's lines and what the plan needs to know about the files; file-level refusals are thrown. */
function readFiles(files: CatalogImportFiles): { lines: CatalogCsvLine[]; options: CatalogImportOptions } {
  checkImportSizes({ csv: files.csv.byteLength, zip: files.zip?.byteLength });
  const decoded = decodeCatalogCsv(files.csv);
  if (!decoded.ok) throw invalid("csv_unreadable", decoded.message);
  const read = readCatalogCsv(decoded.text);
  if (!read.ok) throw invalid("csv_unreadable", read.message);
  const archiveNames = files.zip && files.zip.byteLength > 0 ? listArchiveImages(files.zip) : new Set<string>();
  return { lines: read.lines, options: { has: read.has, archiveNames } };
}

const previewOf = (p: CatalogImportPlan): ImportPreview => ({ counts: p.counts, lines: p.lines });

/** What the import would do, line by line; writes nothing. File-level refusals are thrown (French message). */
export async function previewCatalogImport(db: Database, files: CatalogImportFiles): Promise<ImportPreview> {
  const { lines, options } = readFiles(files);
  return previewOf(await planCatalogImport(db, lines, options));
}

export type CatalogImportResult = { applied: boolean; preview: ImportPreview };

/**
 * Applies the file when no line is refused (`applied: true`); otherwise writes nothing and
 * answers the preview (`applied: false`) so the refusals can be shown.
 */
export async function importCatalog(
  db: Database,
  files: CatalogImportFiles,
  who: { actorUserId: string | null; actor?: AdminActor },
  onProgress?: ImportProgress,
): Promise<CatalogImportResult> {
  const { lines, options } = readFiles(files);
  const first = await planCatalogImport(db, lines, options);
  if (first.counts.refused > 0) return { applied: false, preview: previewOf(first) };

  const imageUrls = new Map<string, string>();
  const storedKeys: string[] = [];
  const storage = getMediaStorage();
  let result: CatalogImportPlan;
  let dropped: string[] = [];
  try {
    if (first.imageFiles.length > 0 && files.zip) {
      const bytes = readArchiveImages(files.zip, new Set(first.imageFiles));
      // Resizing hundreds of images takes a while before the first line is written: the page says so.
      const total = first.imageFiles.length;
      onProgress?.(0, total, "images");
      for (const [index, name] of first.imageFiles.entries()) {
        const data = bytes.get(name);
        if (data) {
          try {
            const stored = await storeProductImage(data, storage);
            storedKeys.push(stored.key);
            imageUrls.set(name, stored.url);
          } catch (error) {
            if (isDomainError(error)) throw invalid(error.code, `${name} : ${error.message}`);
            throw error;
          }
        }
        onProgress?.(index + 1, total, "images");
      }
    }
    result = await db.transaction(async (tx) => {
      // Decided again inside the transaction: what the first look saw may have changed since.
      const current = await planCatalogImport(tx, lines, options);
      if (current.counts.refused > 0) throw invalid("import_refused", IMPORT_REFUSED_MESSAGE);
      // The product roll-ups are recomputed once at the end instead of once per variant (migration 0034).
      await deferProductRollups(tx);
      const written = await writeCatalogImport(tx, current, imageUrls, onProgress);
      const context = { actorUserId: who.actorUserId, note: IMPORT_STOCK_NOTE };
      await recordInitialStocks(tx, written.created, context);
      const adjusted = await setStockLevels(tx, written.stockLevels, context);
      await rollUpProducts(tx, written.productIds);
      await mailRestockedVariantAlerts(tx, restockedVariants(adjusted));
      await recordAdminChangeBy(tx, who.actor, {
        action: "catalog.import",
        entityType: "product",
        entityId: null,
        summary: `Import du catalogue : ${importSummary(current.counts)}`,
        after: current.counts,
      });
      dropped = written.droppedImages;
      return current;
    });
  } catch (error) {
    await Promise.all(storedKeys.map((key) => storage.delete(key).catch(() => undefined)));
    if (isUniqueViolation(error)) throw conflict("sku_taken", SKU_RACE_MESSAGE);
    throw error;
  }
  kickOutbox();
  invalidateCatalogCaches(db);
  forgetStockReport(db);
  // Only now that the products point at their new images: a rollback above kept the old files in use.
  // Files another product or variant still shows are kept (the product editor's rule).
  if (dropped.length > 0) await removeUnreferencedProductImages(db, dropped, storage);
  return { applied: true, preview: previewOf(result) };
}
