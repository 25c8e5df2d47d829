import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase } from "../../../tests/support/db";
import type { DatabaseHandle } from "../db/client";
import { adminActivityLog } from "../db/schema";
import { listTaxRates } from "../modules/tax/tax-rates.service";
import { getTaxSettings } from "../modules/settings/tax-settings.service";
import { settleDomainEvents } from "./event-subscribers";
import { saveTaxRates, saveTaxSettings } from "./tax-settings";
import { DEFAULT_TAX_RATES } from "~/domain/tax/rates";
import { DEFAULT_TAX_SETTINGS } from "~/domain/tax/tax-rules";
import { taxRateRowsFromForm, taxRatesInputOf, taxSettingsFromForm } from "~/domain/tax/tax-settings-form";

let handle: DatabaseHandle;
const actor = { id: "user-tax-admin", label: "fiscal@aurore.test" };

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

const entriesOf = (action: "settings.tax_rates_update" | "settings.tax_update") =>
  handle.db.select().from(adminActivityLog).where(eq(adminActivityLog.action, action));

/** The rate form as a browser posts it: each column once per row. */
function rateForm(rows: string[][]): FormData {
  const form = new FormData();
  for (const [country, taxClass, rate, from, until] of rows) {
    form.append("country_code", country!);
    form.append("tax_class", taxClass!);
    form.append("rate_percent", rate!);
    form.append("valid_from", from!);
    form.append("valid_until", until!);
  }
  return form;
}

const DEFAULT_ROWS = DEFAULT_TAX_RATES.map((r) => [
  r.country_code,
  r.tax_class,
  String(r.rate_percent).replace(".", ","),
  r.valid_from,
  "",
]);

describe("saveTaxRates", () => {
  it("saves the table posted with French decimals and logs it with the rows before and after", async () => {
    const form = rateForm([...DEFAULT_ROWS, ["LU", "reduced", "7,5", "2032-01-01", ""]]);
    const saved = await saveTaxRates(handle.db, actor, taxRatesInputOf(taxRateRowsFromForm(form)));
    expect(saved).toHaveLength(7);
    const stored = await listTaxRates(handle.db, 0);
    expect(stored.find((r) => r.country_code === "FR" && r.tax_class === "reduced")?.rate_percent).toBe(5.5);
    expect(stored.find((r) => r.valid_from === "2032-01-01")).toMatchObject({
      country_code: "LU",
      tax_class: "reduced",
      rate_percent: 7.5,
      valid_until: null,
    });
    await settleDomainEvents(handle.db);
    const entries = await entriesOf("settings.tax_rates_update");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorLabel: "fiscal@aurore.test",
      entityType: "settings",
      entityId: "tax_rates",
      before: { "FR reduced dès 2014-01-01": "5,5 %" },
      after: { "FR reduced dès 2014-01-01": "5,5 %", "LU reduced dès 2032-01-01": "7,5 %" },
    });
    expect(entries[0]?.before).not.toHaveProperty("LU reduced dès 2032-01-01");
  });

  it("a refused table (a rate of 'abc') saves nothing and logs nothing", async () => {
    const before = await listTaxRates(handle.db, 0);
    const form = rateForm([...DEFAULT_ROWS, ["BE", "standard", "abc", "2032-01-01", ""]]);
    await expect(saveTaxRates(handle.db, actor, taxRatesInputOf(taxRateRowsFromForm(form)))).rejects.toMatchObject({
      code: "invalid_tax_rates",
      message: "Ligne 7 : Le taux doit être compris entre 0 et 30 %, avec au plus deux décimales.",
    });
    expect(await listTaxRates(handle.db, 0)).toEqual(before);
    await settleDomainEvents(handle.db);
    expect(await entriesOf("settings.tax_rates_update")).toHaveLength(1);
  });
});

describe("saveTaxSettings", () => {
  it("saves the settings posted (checkboxes, euros with a comma) and logs the change", async () => {
    const form = new FormData();
    form.set("oss_registered", "on");
    form.set("ddp", "on");
    form.set("opening_distance_sales_cents", "4 125,50");
    form.set("opening_year", "2031");
    const { values, fieldErrors } = taxSettingsFromForm(form);
    expect(fieldErrors).toEqual({});
    const after = await saveTaxSettings(handle.db, actor, values);
    expect(after).toEqual({
      oss_registered: true,
      previous_year_over_threshold: false,
      destination_vat_option: false,
      opening_distance_sales_cents: 412_550,
      opening_year: 2031,
      ddp: true,
    });
    expect(await getTaxSettings(handle.db, Date.now() + 60_000)).toEqual(after);
    await settleDomainEvents(handle.db);
    const entries = await entriesOf("settings.tax_update");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entityId: "tax", before: DEFAULT_TAX_SETTINGS, after });
  });

  it("a refused year saves and logs nothing", async () => {
    const saved = await getTaxSettings(handle.db, Date.now() + 120_000);
    await expect(saveTaxSettings(handle.db, actor, { ...saved, opening_year: 1890 })).rejects.toMatchObject({
      code: "invalid_tax_settings",
      fieldErrors: { opening_year: "Année invalide" },
    });
    expect(await getTaxSettings(handle.db, Date.now() + 180_000)).toEqual(saved);
    await settleDomainEvents(handle.db);
    expect(await entriesOf("settings.tax_update")).toHaveLength(1);
  });

  it("the form refuses text that is no amount or no year before the service is asked", () => {
    const form = new FormData();
    form.set("opening_distance_sales_cents", "12,345");
    form.set("opening_year", "deux mille");
    expect(taxSettingsFromForm(form).fieldErrors).toEqual({
      opening_distance_sales_cents: "Indiquez un montant en euros, avec au plus deux décimales (par exemple 1 250,50).",
      opening_year: "Indiquez une année sur quatre chiffres.",
    });
  });
});
