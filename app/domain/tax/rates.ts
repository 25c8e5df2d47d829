/**
 * The dated VAT rate table (docs/decisions/063-vat-by-destination.md). A rate applies to one
 * country and one tax class from its `valid_from` day (Paris calendar, inclusive) until the day
 * before the next one, or until its own `valid_until` when it has one. A change of rate is a new
 * row in Paramètres, never a change of code. Isomorphic and pure.
 */
import { z } from "zod";
import { TAX_CLASSES, type TaxClass } from "./tax-classes";

/** The countries whose VAT the shop may charge: France's (mainland, Corsica, Monaco) and its EU destinations. */
export const VAT_COUNTRIES = ["FR", "BE", "LU"] as const;
export type VatCountry = (typeof VAT_COUNTRIES)[number];

export type TaxRate = {
  country_code: VatCountry;
  tax_class: TaxClass;
  /** Percent, at most two decimals (5.5, 2.1, 20). */
  rate_percent: number;
  /** YYYY-MM-DD, inclusive. */
  valid_from: string;
  /** YYYY-MM-DD, inclusive; null: until a later row replaces it. */
  valid_until: string | null;
};

/** The rates an empty shop starts with, in force since long before the shop opened. */
export const DEFAULT_TAX_RATES: readonly TaxRate[] = [
  { country_code: "FR", tax_class: "standard", rate_percent: 20, valid_from: "2014-01-01", valid_until: null },
  { country_code: "FR", tax_class: "reduced", rate_percent: 5.5, valid_from: "2014-01-01", valid_until: null },
  { country_code: "BE", tax_class: "standard", rate_percent: 21, valid_from: "1996-01-01", valid_until: null },
  { country_code: "BE", tax_class: "reduced", rate_percent: 6, valid_from: "1996-01-01", valid_until: null },
  { country_code: "LU", tax_class: "standard", rate_percent: 17, valid_from: "2024-01-01", valid_until: null },
  { country_code: "LU", tax_class: "reduced", rate_percent: 8, valid_from: "2024-01-01", valid_until: null },
];

export const TAX_RATE_MAX_ROWS = 200;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isRealDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export const TAX_RATE_MESSAGES = {
  country: "Pays de TVA inconnu : choisissez FR, BE ou LU.",
  taxClass: "Catégorie fiscale inconnue.",
  rate: "Le taux doit être compris entre 0 et 30 %, avec au plus deux décimales.",
  day: "Date invalide : utilisez le format AAAA-MM-JJ.",
  order: "La date de fin d'un taux doit suivre sa date de début.",
  overlap: "Deux taux du même pays et de la même catégorie se chevauchent : {country} {taxClass} à partir du {day}.",
  missingFrench: "Le tableau doit garder un taux français pour chaque catégorie fiscale.",
  tooMany: "Le tableau des taux est limité à 200 lignes.",
} as const;

export const TaxRateSchema = z
  .object({
    country_code: z.enum(VAT_COUNTRIES, { message: TAX_RATE_MESSAGES.country }),
    tax_class: z.enum(TAX_CLASSES, { message: TAX_RATE_MESSAGES.taxClass }),
    rate_percent: z
      .number({ message: TAX_RATE_MESSAGES.rate })
      .min(0, TAX_RATE_MESSAGES.rate)
      .max(30, TAX_RATE_MESSAGES.rate)
      .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, TAX_RATE_MESSAGES.rate),
    valid_from: z.string().refine(isRealDay, TAX_RATE_MESSAGES.day),
    valid_until: z.string().refine(isRealDay, TAX_RATE_MESSAGES.day).nullable(),
  })
  .refine((r) => r.valid_until === null || r.valid_until >= r.valid_from, { message: TAX_RATE_MESSAGES.order, path: ["valid_until"] });

/** The first pair of rows of one country and class whose periods share a day, or null. */
export function overlappingRates(rates: readonly TaxRate[]): { a: TaxRate; b: TaxRate } | null {
  const groups = new Map<string, TaxRate[]>();
  for (const r of rates) {
    const key = `${r.country_code}/${r.tax_class}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  for (const group of groups.values()) {
    const sorted = [...group].sort((x, y) => x.valid_from.localeCompare(y.valid_from));
    for (let i = 1; i < sorted.length; i++) {
      const previous = sorted[i - 1];
      // An open-ended row is replaced by the next one; a closed one must end before it starts.
      if (previous.valid_from === sorted[i].valid_from) return { a: previous, b: sorted[i] };
      if (previous.valid_until !== null && previous.valid_until >= sorted[i].valid_from) return { a: previous, b: sorted[i] };
    }
  }
  return null;
}

/** Why a whole table cannot be saved (French), or null. */
export function rateTableProblem(rates: readonly TaxRate[]): string | null {
  if (rates.length > TAX_RATE_MAX_ROWS) return TAX_RATE_MESSAGES.tooMany;
  const overlap = overlappingRates(rates);
  if (overlap) {
    return TAX_RATE_MESSAGES.overlap
      .replace("{country}", overlap.b.country_code)
      .replace("{taxClass}", overlap.b.tax_class)
      .replace("{day}", overlap.b.valid_from);
  }
  for (const taxClass of TAX_CLASSES) {
    if (!rates.some((r) => r.country_code === "FR" && r.tax_class === taxClass)) return TAX_RATE_MESSAGES.missingFrench;
  }
  return null;
}

/**
 * The rate of a country and class on a day (YYYY-MM-DD), or null when the table has none: the
 * latest row started on or before the day and not ended before it.
 */
export function rateOn(rates: readonly TaxRate[], country: VatCountry, taxClass: TaxClass, day: string): number | null {
  let best: TaxRate | null = null;
  for (const r of rates) {
    if (r.country_code !== country || r.tax_class !== taxClass || r.valid_from > day) continue;
    if (r.valid_until !== null && r.valid_until < day) continue;
    if (!best || r.valid_from > best.valid_from) best = r;
  }
  return best?.rate_percent ?? null;
}

/** Percent to basis points (20 → 2000, 5.5 → 550), how orders store a rate. */
export const toBasisPoints = (percent: number): number => Math.round(percent * 100);
export const fromBasisPoints = (bp: number): number => bp / 100;
