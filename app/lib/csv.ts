/**
 * CSV files for the back-office exports (stock and clients), shaped for Excel in a French
 * locale: a UTF-8 byte order mark (without it Excel reads the accents as Latin-1), ';' between
 * fields (the list separator of fr-FR Excel, where ',' is the decimal mark) and CRLF line ends.
 * A field is quoted when it holds the separator, a quote or a line break (quotes doubled); one
 * starting with = + - @ gets a leading apostrophe so Excel does not run it as a formula (CSV
 * injection).
 */
import { parisDay } from "./paris-time";

export const CSV_BOM = "\uFEFF";
export const CSV_SEPARATOR = ";";
export const CSV_LINE_END = "\r\n";

type CsvValue = string | number | null | undefined;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, line ending included (for exports streamed row by row). */
export function csvRow(fields: readonly CsvValue[]): string {
  return fields.map(csvField).join(CSV_SEPARATOR) + CSV_LINE_END;
}

/** A whole file: BOM, header and rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return CSV_BOM + [header, ...rows].map(csvRow).join("");
}

/** "clients_2026-11-21.csv": the date of the export, in Paris time. */
export function csvFileName(prefix: string, now: Date = new Date()): string {
  return `${prefix}_${parisDay(now)}.csv`;
}
