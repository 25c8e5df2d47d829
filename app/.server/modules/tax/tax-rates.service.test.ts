import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { taxRates } from "../../db/schema";
import { DEFAULT_TAX_RATES, rateOn, type TaxRate } from "~/domain/tax/rates";
import { listTaxRates, replaceTaxRates } from "./tax-rates.service";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterEach(async () => {
  await handle.db.transaction((tx) => replaceTaxRates(tx, [...DEFAULT_TAX_RATES]));
});

afterAll(async () => {
  await handle?.close();
});

const byKey = (rates: readonly TaxRate[]) =>
  [...rates].map((r) => `${r.country_code}/${r.tax_class}/${r.valid_from}/${r.valid_until}/${r.rate_percent}`).sort();

describe("replaceTaxRates", () => {
  it("starts from the migration's table", async () => {
    expect(byKey(await listTaxRates(handle.db, 0))).toEqual(byKey(DEFAULT_TAX_RATES));
  });

  it("a change of rate from a future day: the old rate until the day before, the new one from that day", async () => {
    const change: TaxRate = { country_code: "FR", tax_class: "standard", rate_percent: 21.5, valid_from: "2031-03-01", valid_until: null };
    const { before, after } = await handle.db.transaction((tx) => replaceTaxRates(tx, [...DEFAULT_TAX_RATES, change]));
    expect(byKey(before)).toEqual(byKey(DEFAULT_TAX_RATES));
    expect(after).toHaveLength(DEFAULT_TAX_RATES.length + 1);
    const stored = await listTaxRates(handle.db, 0);
    expect(stored).toHaveLength(7);
    expect(rateOn(stored, "FR", "standard", "2031-02-28")).toBe(20);
    expect(rateOn(stored, "FR", "standard", "2031-03-01")).toBe(21.5);
    expect(rateOn(stored, "FR", "standard", "2040-01-01")).toBe(21.5);
    // Other countries and classes are untouched.
    expect(rateOn(stored, "FR", "reduced", "2031-03-01")).toBe(5.5);
    expect(rateOn(stored, "BE", "standard", "2031-03-01")).toBe(21);
  });

  it("refuses overlapping periods with the French message and writes nothing", async () => {
    const rows: TaxRate[] = [
      ...DEFAULT_TAX_RATES.filter((r) => r.country_code !== "BE" || r.tax_class !== "standard"),
      { country_code: "BE", tax_class: "standard", rate_percent: 21, valid_from: "1996-01-01", valid_until: "2031-06-30" },
      { country_code: "BE", tax_class: "standard", rate_percent: 22, valid_from: "2031-06-01", valid_until: null },
    ];
    const error = await handle.db.transaction((tx) => replaceTaxRates(tx, rows)).catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: "invalid",
      code: "invalid_tax_rates",
      message: "Deux taux du même pays et de la même catégorie se chevauchent : BE standard à partir du 2031-06-01.",
    });
    expect(byKey(await listTaxRates(handle.db, 0))).toEqual(byKey(DEFAULT_TAX_RATES));
    expect(await handle.db.select().from(taxRates)).toHaveLength(DEFAULT_TAX_RATES.length);
  });

  it("refuses a row whose rate is not a number, naming the row, and writes nothing", async () => {
    const rows = [
      ...DEFAULT_TAX_RATES,
      { country_code: "LU", tax_class: "standard", rate_percent: Number.NaN, valid_from: "2031-01-01", valid_until: null },
    ];
    const error = await handle.db.transaction((tx) => replaceTaxRates(tx, rows)).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: "invalid_tax_rates",
      message: "Ligne 7 : Le taux doit être compris entre 0 et 30 %, avec au plus deux décimales.",
      fieldErrors: { "rates.6": "Le taux doit être compris entre 0 et 30 %, avec au plus deux décimales." },
    });
    expect(byKey(await listTaxRates(handle.db, 0))).toEqual(byKey(DEFAULT_TAX_RATES));
  });

  it("refuses a table without a French rate for every class", async () => {
    const rows = DEFAULT_TAX_RATES.filter((r) => !(r.country_code === "FR" && r.tax_class === "reduced"));
    await expect(handle.db.transaction((tx) => replaceTaxRates(tx, rows))).rejects.toMatchObject({
      code: "invalid_tax_rates",
      message: "Le tableau doit garder un taux français pour chaque catégorie fiscale.",
    });
    expect(await handle.db.select().from(taxRates)).toHaveLength(DEFAULT_TAX_RATES.length);
  });
});
