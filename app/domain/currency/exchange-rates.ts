/**
 * Indicative exchange rates (docs/decisions/043-preferences-that-take-effect.md): the shop charges
 * euros only; a shopper who chose another currency sees "≈ 13,90 CHF" beside the euro price.
 * Isomorphic: the Paramètres form's schema, the defaults and the conversion.
 */
import { z } from "zod";
import { EXCHANGE_RATE_SCALE } from "./indicative-price";
import type { DisplayCurrency } from "~/domain/account/preferences.schema";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

export const DISPLAY_CURRENCIES = ["USD", "GBP", "CHF"] as const satisfies readonly DisplayCurrency[];

/** One euro buys this much of each currency; the migration seeds the same values. */
export const DEFAULT_EXCHANGE_RATES: Record<DisplayCurrency, number> = { USD: 1.08, GBP: 0.85, CHF: 0.95 };

export const EXCHANGE_RATE_LABELS: Record<DisplayCurrency, string> = {
  USD: "Dollar américain (USD)",
  GBP: "Livre sterling (GBP)",
  CHF: ACCOUNT_MESSAGES.swissFrancChf,
};

/** Sensible bounds: one euro has bought between 0.5 and 2 of each of these since the euro exists. */
export const MIN_EXCHANGE_RATE = 0.1;
export const MAX_EXCHANGE_RATE = 10;
/** Rates are kept with four decimals (stored times 10 000). */
export { EXCHANGE_RATE_SCALE };

export type ExchangeRates = Record<DisplayCurrency, number>;
export type ExchangeRateField = DisplayCurrency;

const RATE_PATTERN = /^\d+(?:[.,]\d{1,4})?$/;

/** "1,08" or "1.08" typed in Paramètres; refused with a French message otherwise. */
const rate = z
  .string({ error: "Indiquez un taux" })
  .trim()
  .min(1, "Indiquez un taux")
  .refine((v) => /^\d+(?:[.,]\d+)?$/.test(v), "Le taux doit être un nombre (par exemple 1,08)")
  .refine((v) => RATE_PATTERN.test(v), "Le taux a au plus 4 décimales")
  .transform((v) => Number(v.replace(",", ".")))
  .refine((v) => v > 0, "Le taux doit être positif")
  .refine(
    (v) => v >= MIN_EXCHANGE_RATE && v <= MAX_EXCHANGE_RATE,
    `Le taux doit être compris entre ${String(MIN_EXCHANGE_RATE).replace(".", ",")} et ${MAX_EXCHANGE_RATE}`,
  );

export const ExchangeRatesFormSchema = z.object({ USD: rate, GBP: rate, CHF: rate });

export type ExchangeRatesFormValues = Record<DisplayCurrency, string>;

/** The form's fields as typed (strings), from a posted form. */
export function exchangeRatesFormValues(form: FormData): ExchangeRatesFormValues {
  const get = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  return { USD: get("USD"), GBP: get("GBP"), CHF: get("CHF") };
}

/** 1.08 -> "1,08" for the form. */
export function rateToInput(value: number): string {
  return String(value).replace(".", ",");
}

export { convertCents, type IndicativeCurrency } from "./indicative-price";
