import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { TaxClass } from "../../../domain/tax/tax-classes";
import type { VatCountry } from "../../../domain/tax/rates";

/**
 * The dated VAT rate table (decision 063), edited in Paramètres: a rate per country and tax
 * class from a day, so a change of rate needs no code. The tax module is its only writer.
 */
export const taxRates = pgTable(
  "tax_rates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    countryCode: text("country_code").$type<VatCountry>().notNull(),
    taxClass: text("tax_class").$type<TaxClass>().notNull(),
    /** Basis points: 2000 = 20 %, 550 = 5,5 %. */
    rateBp: integer("rate_bp").notNull(),
    validFrom: date("valid_from", { mode: "string" }).notNull(),
    validUntil: date("valid_until", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("tax_rates_country_valid", sql`${t.countryCode} IN ('FR', 'BE', 'LU')`),
    check("tax_rates_class_valid", sql`${t.taxClass} IN ('standard', 'reduced')`),
    check("tax_rates_rate_range", sql`${t.rateBp} BETWEEN 0 AND 3000`),
    check("tax_rates_period_order", sql`${t.validUntil} IS NULL OR ${t.validUntil} >= ${t.validFrom}`),
    index("tax_rates_country_class_idx").on(t.countryCode, t.taxClass, t.validFrom),
  ],
);
