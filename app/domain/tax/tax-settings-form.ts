/**
 * Paramètres, "Fiscalité" (docs/decisions/063-vat-by-destination.md): the two forms' fields as
 * posted, turned into what the tax services check. Isomorphic: the page checks with the same
 * functions before sending, the action reads the post with them, the services check again.
 */
import { rateTableProblem, TaxRateSchema, type TaxRate } from "./rates";

type FormLike = { get(name: string): unknown; getAll(name: string): unknown[] };

/** The rate table's columns, posted once per row in the rows' order. */
export const TAX_RATE_COLUMNS = ["country_code", "tax_class", "rate_percent", "valid_from", "valid_until"] as const;
export type TaxRateFormRow = Record<(typeof TAX_RATE_COLUMNS)[number], string>;

export const TAX_SETTINGS_FORM_MESSAGES = {
  amount: "Indiquez un montant en euros, avec au plus deux décimales (par exemple 1 250,50).",
  year: "Indiquez une année sur quatre chiffres.",
} as const;

/** "5,5", "5.5" or " 20 " as a number; NaN for anything else ("abc", "", "5,5,5"). */
export function parseFrenchDecimal(text: string): number {
  const compact = text.replace(/[\s\u00a0\u202f]/g, "").replace(",", ".");
  return /^\d+(\.\d+)?$/.test(compact) ? Number(compact) : Number.NaN;
}

/** Euros as typed ("1 250,50") to cents; null when it is not an amount of at most two decimals. */
export function eurosTextToCents(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, "").replace(",", ".");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(compact)) return null;
  const [units, decimals = ""] = compact.split(".");
  return Number(units) * 100 + Number(decimals.padEnd(2, "0"));
}

/** A rate as the form shows it: 5.5 -> "5,5". */
export const percentToText = (percent: number): string => String(percent).replace(".", ",");

export function taxRateFormRowOf(rate: TaxRate): TaxRateFormRow {
  return {
    country_code: rate.country_code,
    tax_class: rate.tax_class,
    rate_percent: percentToText(rate.rate_percent),
    valid_from: rate.valid_from,
    valid_until: rate.valid_until ?? "",
  };
}

/** The posted rows: each column is sent once per row, so the n-th of each makes row n. */
export function taxRateRowsFromForm(form: FormLike): TaxRateFormRow[] {
  const columns = TAX_RATE_COLUMNS.map((name) => form.getAll(name).map((v) => (typeof v === "string" ? v : "")));
  const count = Math.max(0, ...columns.map((c) => c.length));
  return Array.from({ length: count }, (_, i) => {
    const [country_code, tax_class, rate_percent, valid_from, valid_until] = columns.map((c) => (c[i] ?? "").trim());
    return { country_code, tax_class, rate_percent, valid_from, valid_until };
  });
}

/** The rows as the rate service reads them: a number for the rate (NaN when not one), null for no end. */
export function taxRatesInputOf(rows: readonly TaxRateFormRow[]): unknown[] {
  return rows.map((r) => ({
    country_code: r.country_code,
    tax_class: r.tax_class,
    rate_percent: parseFrenchDecimal(r.rate_percent),
    valid_from: r.valid_from,
    valid_until: r.valid_until === "" ? null : r.valid_until,
  }));
}

/**
 * The browser's check of the table, worded as the service words its refusal (a row's problem
 * names the row; `rowIndex` says which one to mark), or null.
 */
export function taxRatesFormProblem(rows: readonly TaxRateFormRow[]): { message: string; rowIndex: number | null } | null {
  const parsed: TaxRate[] = [];
  for (const [index, row] of taxRatesInputOf(rows).entries()) {
    const result = TaxRateSchema.safeParse(row);
    if (!result.success) return { message: `Ligne ${index + 1} : ${result.error.issues[0]?.message ?? "taux invalide"}`, rowIndex: index };
    parsed.push(result.data);
  }
  const problem = rateTableProblem(parsed);
  return problem ? { message: problem, rowIndex: null } : null;
}

/** The row a service field error is about ("rates.3" -> 3), or null. */
export function rowIndexOfFieldError(key: string): number | null {
  const m = /^rates\.(\d+)$/.exec(key);
  return m ? Number(m[1]) : null;
}

export const TAX_SETTINGS_CHECKBOXES = [
  { name: "oss_registered", label: "Inscrit au guichet unique OSS" },
  { name: "previous_year_over_threshold", label: "Seuil de 10 000 € dépassé l'année précédente" },
  { name: "destination_vat_option", label: "Option pour la TVA du pays de destination dès le premier euro (article 259 D du CGI)" },
  { name: "ddp", label: "Droits et taxes à l'importation à la charge de la boutique (DDP)" },
] as const;

export type TaxSettingsField = (typeof TAX_SETTINGS_CHECKBOXES)[number]["name"] | "opening_distance_sales_cents" | "opening_year";

/**
 * The settings form as the settings service reads it, and the fields whose text is no number at
 * all (the service then is not asked). The amount's field posts euros under its cents' name, so
 * a refusal of the service lands on the field that was typed.
 */
export function taxSettingsFromForm(form: FormLike): {
  values: Record<string, unknown>;
  fieldErrors: Partial<Record<TaxSettingsField, string>>;
} {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const fieldErrors: Partial<Record<TaxSettingsField, string>> = {};
  const cents = eurosTextToCents(text("opening_distance_sales_cents") || "0");
  if (cents === null) fieldErrors.opening_distance_sales_cents = TAX_SETTINGS_FORM_MESSAGES.amount;
  const year = /^\d{4}$/.test(text("opening_year")) ? Number(text("opening_year")) : null;
  if (year === null) fieldErrors.opening_year = TAX_SETTINGS_FORM_MESSAGES.year;
  const values: Record<string, unknown> = {
    opening_distance_sales_cents: cents,
    opening_year: year,
  };
  for (const { name } of TAX_SETTINGS_CHECKBOXES) values[name] = text(name) === "on" || text(name) === "true";
  return { values, fieldErrors };
}
