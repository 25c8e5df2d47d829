/**
 * The indicative price's arithmetic, apart from the rates' form schema: every storefront page draws
 * indicative prices, and the schema's zod must not weigh on their first load.
 */
import type { DisplayCurrency } from "~/domain/account/preferences.schema";

/** Rates are stored as integers of ten-thousandths (1.0825 -> 10825). */
export const EXCHANGE_RATE_SCALE = 10_000;

/** A euro amount in cents to the other currency's cents (rounded to the cent). */
export function convertCents(cents: number, rate: number): number {
  return Math.round((cents * Math.round(rate * EXCHANGE_RATE_SCALE)) / EXCHANGE_RATE_SCALE);
}

/** What a page needs to draw the indicative price: null for euros (nothing drawn). */
export type IndicativeCurrency = { currency: DisplayCurrency; rate: number } | null;
