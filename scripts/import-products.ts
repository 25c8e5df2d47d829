/**
 * `npm run import:products -- FILE.csv [--images images.zip] [--dry-run]`: the back-office's
 * catalogue import from the command line (docs/decisions/051-catalogue-import-export.md). Prints
 * the preview summary and the refused lines with their reasons, then applies the file in one
 * transaction when no line is refused. Exits 1 when the file or a line is refused (nothing is
 * written then), 0 when applied (or previewed with --dry-run). Sizes are checked before the files
 * are read. Uses the shop's database (DATABASE_URL, else PGlite in DATA_DIR: stop the server
 * first, PGlite allows one process at a time).
 */
import { readFile, stat } from "node:fs/promises";
import { parseArgs } from "node:util";
import { startDatabase, stopDatabase } from "../app/.server/db";
import { checkImportSizes, importCatalog, previewCatalogImport } from "../app/.server/workflows/import-catalog";
import { importSummary, IMPORT_REFUSED_MESSAGE, type ImportPreview } from "../app/domain/catalog/catalog-csv";
import { importProgressText } from "../app/domain/catalog/catalog-import.schema";
import { isDomainError } from "../app/domain/errors";

/** Refused lines printed at most (the count says how many there are). */
const REFUSALS_SHOWN = 50;

function printPreview(preview: ImportPreview): void {
  const { counts } = preview;
  console.log(`Aperçu : ${importSummary(counts)}.`);
  console.log(`  produits : ${counts.productsCreated} créé(s), ${counts.productsUpdated} mis à jour ; images du ZIP : ${counts.images}.`);
  const refused = preview.lines.filter((l) => l.action === "refused");
  for (const line of refused.slice(0, REFUSALS_SHOWN))
    console.log(`  ligne ${line.line} (${line.sku || "sans SKU"}) : ${line.reasons.join(" ; ")}`);
  if (refused.length > REFUSALS_SHOWN) console.log(`  … et ${refused.length - REFUSALS_SHOWN} autre(s) ligne(s) refusée(s).`);
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { images: { type: "string" }, "dry-run": { type: "boolean", default: false } },
  });
  const [file] = positionals;
  if (!file) {
    console.error("Usage : npm run import:products -- FICHIER.csv [--images images.zip] [--dry-run]");
    return 1;
  }
  const sizes = { csv: (await stat(file)).size, zip: values.images ? (await stat(values.images)).size : null };
  checkImportSizes(sizes);
  const files = { csv: new Uint8Array(await readFile(file)), zip: values.images ? new Uint8Array(await readFile(values.images)) : null };
  const handle = await startDatabase();
  try {
    if (values["dry-run"]) {
      const preview = await previewCatalogImport(handle.db, files);
      printPreview(preview);
      return preview.counts.refused > 0 ? 1 : 0;
    }
    const started = performance.now();
    // The lines written, on one rewritten terminal line (nothing when stderr is a file or a pipe).
    let shown = -1;
    const onProgress = (done: number, total: number) => {
      const tenth = total > 0 ? Math.floor((done / total) * 10) : 10;
      if (!process.stderr.isTTY || tenth === shown) return;
      shown = tenth;
      process.stderr.write(`\rÉcriture : ${importProgressText({ done, total })}${done === total ? "\n" : ""}`);
    };
    const result = await importCatalog(
      handle.db,
      files,
      { actorUserId: null, actor: { type: "user", id: null, label: "Ligne de commande (import:products)" } },
      onProgress,
    );
    printPreview(result.preview);
    if (!result.applied) {
      console.error(IMPORT_REFUSED_MESSAGE);
      return 1;
    }
    console.log(`Import appliqué (${handle.label}) en ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return 0;
  } finally {
    await stopDatabase();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  // Expected refusals (size, encoding, ZIP) are French messages; anything else keeps its trace.
  if (isDomainError(error)) console.error(error.message);
  else if ((error as NodeJS.ErrnoException).code === "ENOENT")
    console.error(`Fichier introuvable : ${(error as NodeJS.ErrnoException).path}`);
  else console.error(error);
  process.exitCode = 1;
}
