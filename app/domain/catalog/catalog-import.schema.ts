/**
 * The back-office import page's request and answer (docs/decisions/051-catalogue-import-export.md):
 * "preview" decides every line and writes nothing, "apply" writes the file when no line is refused.
 */
import { z } from "zod";
import type { ImportCounts, ImportLinePreview } from "./catalog-csv";

export const IMPORT_INTENT_UNKNOWN_MESSAGE = "Action inconnue";
export const ImportIntentSchema = z.enum(["preview", "apply"], { error: IMPORT_INTENT_UNKNOWN_MESSAGE });

/** Lines of the preview sent to the page: every refused one first (up to this many), then the others. */
export const IMPORT_PREVIEW_LINES_SHOWN = 500;

/**
 * What a preview or an apply decided, the data of the import's ActionResult (decision 056); the
 * answer's `message` is the summary the page shows.
 */
export type CatalogImportOutcome = {
  intent: "preview" | "apply";
  applied: boolean;
  counts: ImportCounts;
  lines: ImportLinePreview[];
};

/** The refused lines first, then the others, in file order, at most IMPORT_PREVIEW_LINES_SHOWN. */
export function linesToShow(lines: readonly ImportLinePreview[]): ImportLinePreview[] {
  const refused = lines.filter((l) => l.action === "refused");
  const others = lines.filter((l) => l.action !== "refused");
  return [...refused, ...others].slice(0, IMPORT_PREVIEW_LINES_SHOWN);
}

/**
 * "Appliquer l'import" with JavaScript: the answer is a text/event-stream of `progress` events
 * (first the ZIP's images stored out of the images the file names, then the lines written inside
 * the transaction out of the file's lines), then one `result` event carrying the
 * ActionResult<CatalogImportOutcome> (docs/decisions/051-catalogue-import-export.md).
 */
export const IMPORT_STREAM_PATH = "/admin/produits/import/progression";
export type ImportPhase = "images" | "lines";
/** `phase` absent means lines. */
export type ImportProgressEvent = { done: number; total: number; phase?: ImportPhase };

/** The message when the import failed for a reason that is not the file's (nothing was written). */
export const IMPORT_FAILED_MESSAGE = "L'import n'a pas pu aboutir : aucune modification n'a été enregistrée. Réessayez.";

const lineCount = new Intl.NumberFormat("fr-FR");

/** "12 400 / 25 000 lignes", or "12 / 300 images" while the ZIP's images are stored. */
export function importProgressText({ done, total, phase = "lines" }: ImportProgressEvent): string {
  const unit = phase === "images" ? (total > 1 ? "images" : "image") : total > 1 ? "lignes" : "ligne";
  return `${lineCount.format(done)} / ${lineCount.format(total)} ${unit}`;
}
