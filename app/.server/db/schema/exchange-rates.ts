import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The indicative exchange rates edited in Paramètres (docs/decisions/043-preferences-that-take-effect.md):
 * one row per display currency, the amount of that currency one euro buys, times 10 000 (four
 * decimals, kept as an integer like money). The shop always charges euros; these only draw the
 * "≈ 13,90 CHF" beside a price. Only the exchange-rates module writes here.
 */
export const exchangeRates = pgTable(
  "exchange_rates",
  {
    currency: text("currency").primaryKey(),
    /** 1.0800 is stored as 10800. */
    rateE4: integer("rate_e4").notNull(),
    updatedBy: text("updated_by"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("exchange_rates_currency_valid", sql`${t.currency} IN ('USD', 'GBP', 'CHF')`),
    check("exchange_rates_rate_valid", sql`${t.rateE4} > 0`),
  ],
);
