/**
 * The catalogue import's request, shared by the page's action (preview, and apply without
 * JavaScript) and its progress stream (apply with a determinate progress bar):
 * docs/decisions/051-catalogue-import-export.md.
 */
import { checkImportSizes, type CatalogImportFiles, type CatalogImportResult } from "~/.server/workflows/import-catalog";
import { formRefusalError, tryReadFormData } from "~/.server/forms";
import { DomainError, invalid } from "~/domain/errors";
import { CATALOG_CSV_MAX_BYTES, CATALOG_IMPORT_BODY_MAX_BYTES, CATALOG_ZIP_MAX_BYTES, megabytes } from "~/domain/http/body-limits.mjs";
import { CSV_REQUIRED_MESSAGE, IMPORT_REFUSED_MESSAGE, importSummary } from "~/domain/catalog/catalog-csv";
import {
  IMPORT_INTENT_UNKNOWN_MESSAGE,
  ImportIntentSchema,
  linesToShow,
  type CatalogImportOutcome,
} from "~/domain/catalog/catalog-import.schema";

const BODY_TOO_LARGE_MESSAGE = `Fichiers trop volumineux : ${megabytes(CATALOG_CSV_MAX_BYTES)} au maximum pour le CSV, ${megabytes(CATALOG_ZIP_MAX_BYTES)} pour le ZIP d'images.`;

export type ImportRequest = { ok: true; intent: "preview" | "apply"; csv: File; zip: File | null } | { ok: false; error: DomainError };

/** The declared size, the form, its intent and its CSV part; the files' bytes are not copied yet. */
export async function readImportRequest(request: Request): Promise<ImportRequest> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  // Both files and the form's few fields: a declared body above this is refused before it is read.
  if (declared > CATALOG_IMPORT_BODY_MAX_BYTES)
    return { ok: false, error: new DomainError("too_large", "import_too_large", BODY_TOO_LARGE_MESSAGE) };
  const read = await tryReadFormData(request);
  if (!read.ok) return { ok: false, error: formRefusalError(read) };
  const intent = ImportIntentSchema.safeParse(read.form.get("intent"));
  if (!intent.success) return { ok: false, error: unknownImportIntent() };
  const csv = read.form.get("csv");
  const zip = read.form.get("images");
  if (!csv || typeof csv === "string" || csv.size === 0) return { ok: false, error: invalid("csv_required", CSV_REQUIRED_MESSAGE) };
  return { ok: true, intent: intent.data, csv, zip: !zip || typeof zip === "string" || zip.size === 0 ? null : zip };
}

/** An intent other than preview and apply (the stream takes apply only). */
export const unknownImportIntent = () => invalid("unknown_intent", IMPORT_INTENT_UNKNOWN_MESSAGE);

/** The files' bytes, their sizes checked from the parts before anything is copied out (French refusals thrown). */
export async function importFilesOf(read: { csv: File; zip: File | null }): Promise<CatalogImportFiles> {
  checkImportSizes({ csv: read.csv.size, zip: read.zip?.size ?? 0 });
  return {
    csv: new Uint8Array(await read.csv.arrayBuffer()),
    zip: read.zip ? new Uint8Array(await read.zip.arrayBuffer()) : null,
  };
}

/** What the page shows after "Appliquer l'import": the outcome and its summary. */
export function appliedOutcome(result: CatalogImportResult): { data: CatalogImportOutcome; message: string } {
  return {
    data: { intent: "apply", applied: result.applied, counts: result.preview.counts, lines: linesToShow(result.preview.lines) },
    message: result.applied ? `Import appliqué : ${importSummary(result.preview.counts)}.` : IMPORT_REFUSED_MESSAGE,
  };
}
