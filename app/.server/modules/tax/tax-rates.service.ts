/**
 * The dated VAT rate table (decision 063). This module is the only writer of tax_rates. Every
 * checkout quote reads it, so it is kept a few seconds per database handle and forgotten in every
 * process on a save ("settings", decision 038).
 */
import { asc } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { taxRates } from "~/.server/db/schema";
import { createDbMemo } from "~/.server/db-memo";
import { announceInvalidation } from "~/.server/invalidations";
import { invalid } from "~/domain/errors";
import { fromBasisPoints, rateTableProblem, TaxRateSchema, toBasisPoints, type TaxRate } from "~/domain/tax/rates";

const ratesMemo = createDbMemo<TaxRate[]>({ kind: "settings", name: "tax-rates", ttlMs: 5_000 });

export async function listTaxRates(db: Executor, now: number = Date.now()): Promise<TaxRate[]> {
  return ratesMemo.get(
    db,
    "all",
    async () => {
      const rows = await db.select().from(taxRates).orderBy(asc(taxRates.countryCode), asc(taxRates.taxClass), asc(taxRates.validFrom));
      return rows.map((r) => ({
        country_code: r.countryCode,
        tax_class: r.taxClass,
        rate_percent: fromBasisPoints(r.rateBp),
        valid_from: r.validFrom,
        valid_until: r.validUntil,
      }));
    },
    now,
  );
}

/**
 * Paramètres: replaces the whole table in the caller's transaction. A refused table throws
 * `invalid_tax_rates` with a French message (which row, why) and writes nothing.
 */
export async function replaceTaxRates(tx: Executor, input: unknown): Promise<{ before: TaxRate[]; after: TaxRate[] }> {
  if (!Array.isArray(input)) throw invalid("invalid_tax_rates", "Tableau des taux invalide.");
  const after: TaxRate[] = [];
  for (const [index, row] of input.entries()) {
    const parsed = TaxRateSchema.safeParse(row);
    if (!parsed.success) {
      throw invalid("invalid_tax_rates", `Ligne ${index + 1} : ${parsed.error.issues[0]?.message ?? "taux invalide"}`, {
        fieldErrors: { [`rates.${index}`]: parsed.error.issues[0]?.message ?? "taux invalide" },
      });
    }
    after.push(parsed.data);
  }
  const problem = rateTableProblem(after);
  if (problem) throw invalid("invalid_tax_rates", problem);
  const before = await listTaxRates(tx, 0);
  await tx.delete(taxRates);
  await tx.insert(taxRates).values(
    after.map((r) => ({
      countryCode: r.country_code,
      taxClass: r.tax_class,
      rateBp: toBasisPoints(r.rate_percent),
      validFrom: r.valid_from,
      validUntil: r.valid_until,
    })),
  );
  ratesMemo.forget(tx);
  void announceInvalidation(["settings"]);
  return { before, after };
}
