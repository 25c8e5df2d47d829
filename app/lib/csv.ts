/**
 * Minimal RFC 4180 CSV writing for the back-office exports (no dependency needed for writing).
 * Excel only reads French accents right from a UTF-8 file that starts with a byte order mark.
 */
export const CSV_BOM = "\uFEFF";
export const CSV_LINE_END = "\r\n";

/** A field is quoted when it holds a comma, a quote or a line break; quotes are doubled. */
export function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, line ending included. */
export function csvRow(fields: readonly (string | number | null | undefined)[]): string {
  return fields.map(csvField).join(",") + CSV_LINE_END;
}

/** "stock" -> "stock_2026-11-21.csv", dated in the shop's time zone. */
export function datedCsvName(prefix: string, now: Date = new Date()): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  return `${prefix}_${day}.csv`;
}
