/**
 * The Fichier des écritures comptables (article A47 A-1 of the Livre des procédures fiscales):
 * its 18 columns, how a value is written (dates YYYYMMDD, amounts with a comma and no thousands
 * separator, tab between fields), the file's name, and the checks the administration's tool
 * applies (docs/decisions/065-accounting-export.md). Pure and isomorphic.
 */
import { centsAsDecimal } from "~/lib/money";

export const FEC_COLUMNS = [
  "JournalCode",
  "JournalLib",
  "EcritureNum",
  "EcritureDate",
  "CompteNum",
  "CompteLib",
  "CompAuxNum",
  "CompAuxLib",
  "PieceRef",
  "PieceDate",
  "EcritureLib",
  "Debit",
  "Credit",
  "EcritureLet",
  "DateLet",
  "ValidDate",
  "Montantdevise",
  "Idevise",
] as const;
export type FecColumn = (typeof FEC_COLUMNS)[number];

export const FEC_SEPARATOR = "\t";
export const FEC_LINE_END = "\r\n";

/** One line of the file, amounts in cents (exactly one of debit and credit is non-zero). */
export type FecLine = {
  journal_code: string;
  journal_lib: string;
  /** "2026-000001": the entry's rank in its fiscal year. */
  entry_number: string;
  /** YYYY-MM-DD (Paris). */
  entry_date: string;
  account: string;
  account_label: string;
  piece_ref: string;
  piece_date: string;
  label: string;
  debit_cents: number;
  credit_cents: number;
};

/** "20260301" of "2026-03-01". */
export const fecDate = (day: string): string => day.replaceAll("-", "");

/** Cents as the FEC writes them: "1234,56", "0,00", "-3,10". */
export const fecAmount = (cents: number): string => centsAsDecimal(cents, ",");

/** A text field: no separator, no line break, no surrounding spaces (the format has no quoting). */
export const fecText = (value: string): string => value.replace(/[\t\r\n|]+/g, " ").trim();

export function fecRow(line: FecLine): string {
  return [
    line.journal_code,
    line.journal_lib,
    line.entry_number,
    fecDate(line.entry_date),
    line.account,
    line.account_label,
    "",
    "",
    line.piece_ref,
    fecDate(line.piece_date),
    line.label,
    fecAmount(line.debit_cents),
    fecAmount(line.credit_cents),
    "",
    "",
    // Documents are final when issued: the validation date is the entry's.
    fecDate(line.entry_date),
    "",
    "",
  ]
    .map(fecText)
    .join(FEC_SEPARATOR);
}

/** The whole file as text: the header line, then one line per entry line. */
export function fecFileText(lines: readonly FecLine[]): string {
  return [FEC_COLUMNS.join(FEC_SEPARATOR), ...lines.map(fecRow)].map((l) => l + FEC_LINE_END).join("");
}

/** `<SIREN>FEC<YYYYMMDD>.txt`, the date being the period's closing day. */
export const fecFileName = (siren: string, closingDay: string): string => `${siren}FEC${fecDate(closingDay)}.txt`;

/** The characters ISO 8859-15 places where ISO 8859-1 has others. */
const LATIN9: Record<string, number> = { "€": 0xa4, Š: 0xa6, š: 0xa8, Ž: 0xb4, ž: 0xb8, Œ: 0xbc, œ: 0xbd, Ÿ: 0xbe };
const LATIN1_ONLY = new Set([0xa4, 0xa6, 0xa8, 0xb4, 0xb8, 0xbc, 0xbd, 0xbe]);

/**
 * The text in ISO 8859-15, one of the encodings the arrêté of 29 July 2013 lists (UTF-8 is not):
 * French letters, œ and € included; anything else becomes "?".
 */
export function encodeLatin9(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  let n = 0;
  // By UTF-16 unit (a year's file is tens of millions of them): ASCII and Latin-1 go straight
  // through, the eight letters ISO 8859-15 moved are looked up, a surrogate pair is one "?".
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xa0) out[n++] = code;
    else if (code < 0x100) out[n++] = LATIN1_ONLY.has(code) ? 0x3f : code;
    else if (code >= 0xd800 && code <= 0xdbff) {
      out[n++] = 0x3f;
      i++;
    } else out[n++] = LATIN9[text[i]] ?? 0x3f;
  }
  return out.slice(0, n);
}

/** The file's bytes read back as text (the reverse of encodeLatin9). */
export function decodeLatin9(bytes: Uint8Array): string {
  const back = new Map(Object.entries(LATIN9).map(([c, b]) => [b, c]));
  return Array.from(bytes, (b) => back.get(b) ?? String.fromCharCode(b)).join("");
}

const DATE = /^\d{8}$/;
const AMOUNT = /^-?\d+,\d{2}$/;

const isRealDate = (v: string) => {
  if (!DATE.test(v)) return false;
  const d = new Date(Date.UTC(Number(v.slice(0, 4)), Number(v.slice(4, 6)) - 1, Number(v.slice(6, 8))));
  return d.toISOString().slice(0, 10).replaceAll("-", "") === v;
};

const cents = (v: string) => {
  const [units, decimals] = v.replace("-", "").split(",");
  return (v.startsWith("-") ? -1 : 1) * (Number(units) * 100 + Number(decimals));
};

/**
 * What is wrong with a FEC file's text, as the administration's checks would say it: the header
 * and 18 fields on every line, the dates and amounts, each entry balanced, entry numbers
 * continuous from 1 within each fiscal year with their dates in order. Empty when it is sound.
 */
export function fecProblems(text: string): string[] {
  const problems: string[] = [];
  // A year's file repeats a few hundred days on three date fields of each of its lines.
  const checkedDates = new Map<string, boolean>();
  const realDate = (v: string) => {
    let ok = checkedDates.get(v);
    if (ok === undefined) checkedDates.set(v, (ok = isRealDate(v)));
    return ok;
  };
  const rows = text.split(FEC_LINE_END);
  if (rows.at(-1) === "") rows.pop();
  if (rows[0] !== FEC_COLUMNS.join(FEC_SEPARATOR)) problems.push("en-tête : les 18 colonnes attendues, séparées par une tabulation");
  const entries = new Map<string, { date: string; debit: number; credit: number; line: number }>();
  const order: string[] = [];
  rows.slice(1).forEach((row, i) => {
    const at = `ligne ${i + 2}`;
    const f = row.split(FEC_SEPARATOR);
    if (f.length !== FEC_COLUMNS.length) {
      problems.push(`${at} : ${f.length} champs au lieu de 18`);
      return;
    }
    const field = (c: FecColumn) => f[FEC_COLUMNS.indexOf(c)];
    for (const c of ["JournalCode", "JournalLib", "EcritureNum", "CompteNum", "CompteLib", "PieceRef", "EcritureLib"] as const) {
      if (field(c) === "") problems.push(`${at} : ${c} vide`);
    }
    for (const c of ["EcritureDate", "PieceDate", "ValidDate"] as const) {
      if (!realDate(field(c))) problems.push(`${at} : ${c} n'est pas une date AAAAMMJJ`);
    }
    for (const c of ["Debit", "Credit"] as const) {
      if (!AMOUNT.test(field(c))) problems.push(`${at} : ${c} n'est pas un montant avec virgule`);
    }
    if (problems.length > 0) return;
    const debit = cents(field("Debit"));
    const credit = cents(field("Credit"));
    if ((debit === 0) === (credit === 0)) problems.push(`${at} : un montant au débit ou au crédit, pas les deux`);
    const key = field("EcritureNum");
    const entry = entries.get(key);
    if (!entry) {
      entries.set(key, { date: field("EcritureDate"), debit, credit, line: i + 2 });
      order.push(key);
    } else {
      if (order.at(-1) !== key) problems.push(`${at} : l'écriture ${key} n'est pas d'un seul tenant`);
      if (entry.date !== field("EcritureDate")) problems.push(`${at} : l'écriture ${key} a deux dates`);
      entry.debit += debit;
      entry.credit += credit;
    }
  });
  let previous: { year: string; rank: number; date: string } | null = null;
  for (const key of order) {
    const entry = entries.get(key)!;
    if (entry.debit !== entry.credit) {
      problems.push(`écriture ${key} déséquilibrée : débit ${fecAmount(entry.debit)}, crédit ${fecAmount(entry.credit)}`);
    }
    const m = /^(\d{4})-(\d{6,})$/.exec(key);
    if (!m) {
      problems.push(`écriture ${key} : numéro attendu AAAA-NNNNNN`);
      continue;
    }
    const [year, rank] = [m[1], Number(m[2])];
    if (previous && previous.year === year && rank !== previous.rank + 1)
      problems.push(`écriture ${key} : numéro après ${previous.rank}, sans suite`);
    if (previous && previous.year > year) problems.push(`écriture ${key} : exercice antérieur au précédent`);
    if (previous && entry.date < previous.date) problems.push(`écriture ${key} : date antérieure à l'écriture précédente`);
    previous = { year, rank, date: entry.date };
  }
  return problems;
}
