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

/**
 * The separator of a CSV file read back: ';' or ',', whichever appears more often outside quotes
 * in its first line (a French Excel writes ';', most other tools ',').
 */
export function detectCsvSeparator(text: string): ";" | "," {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && char === ";") semicolons++;
    else if (!quoted && char === ",") commas++;
  }
  return commas > semicolons ? "," : ";";
}

/** One record of a parsed CSV with the file line it starts on (1 for the header). */
export type CsvRecord = { line: number; fields: string[] };

/**
 * Parses CSV text (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes, CRLF or
 * LF). Blank lines are skipped. The apostrophe csvField adds in front of = + - @ is left in place:
 * what a cell means is for the caller to decide.
 */
export function parseCsv(text: string, separator: string = detectCsvSeparator(text)): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const end = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === "")) records.push({ line: recordLine, fields });
    fields = [];
    field = "";
  };
  while (i < text.length) {
    const char = text[i];
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (char === "\n") line++;
        field += char;
      }
      i++;
      continue;
    }
    if (char === '"' && field === "") quoted = true;
    else if (char === separator) {
      fields.push(field);
      field = "";
    } else if (char === "\r" || char === "\n") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      end();
      line++;
      recordLine = line;
    } else field += char;
    i++;
  }
  if (field !== "" || fields.length > 0) end();
  return records;
}
