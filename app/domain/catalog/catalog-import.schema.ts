/**
 * The back-office import page's request and answer (docs/decisions/051-catalogue-import-export.md):
 * "preview" decides every line and writes nothing, "apply" writes the file when no line is refused.
 */
import { z } from "zod";
import type { ImportCounts, ImportLinePreview } from "./catalog-csv";

export const ImportIntentSchema = z.enum(["preview", "apply"], { error: "Action inconnue" });

/** Lines of the preview sent to the page: every refused one first (up to this many), then the others. */
export const IMPORT_PREVIEW_LINES_SHOWN = 500;

export type CatalogImportAnswer =
  | {
      ok: true;
      intent: "preview" | "apply";
      applied: boolean;
      message: string;
      counts: ImportCounts;
      lines: ImportLinePreview[];
    }
  | { ok: false; message: string };

/** The refused lines first, then the others, in file order, at most IMPORT_PREVIEW_LINES_SHOWN. */
export function linesToShow(lines: readonly ImportLinePreview[]): ImportLinePreview[] {
  const refused = lines.filter((l) => l.action === "refused");
  const others = lines.filter((l) => l.action !== "refused");
  return [...refused, ...others].slice(0, IMPORT_PREVIEW_LINES_SHOWN);
}
