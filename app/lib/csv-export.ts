/**
 * CSV files for the back-office exports, shaped for Excel in a French locale: a UTF-8 byte order
 * mark (without it Excel reads the accents as Latin-1), ';' between fields (the list separator of
 * fr-FR Excel, where ',' is the decimal mark) and CRLF line ends. A field is quoted when it holds
 * the separator, a quote or a line break; one starting with = + - @ gets a leading apostrophe so
 * Excel does not run it as a formula (CSV injection).
 */
export const CSV_BOM = "\uFEFF";
export const CSV_SEPARATOR = ";";

export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(CSV_SEPARATOR));
  return `${CSV_BOM}${lines.join("\r\n")}\r\n`;
}

/** "clients_2026-11-21.csv": the date of the export, in Paris time. */
export function csvFileName(prefix: string, now: Date = new Date()): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  return `${prefix}_${day}.csv`;
}
