import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { shopSettings } from "../../db/schema";
import { DEFAULT_TAX_SETTINGS, type TaxSettings } from "~/domain/tax/tax-rules";
import { getTaxSettings, TAX_SETTINGS_KEY, updateTaxSettings } from "./tax-settings.service";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

const storedRow = async () => (await handle.db.select().from(shopSettings).where(eq(shopSettings.key, TAX_SETTINGS_KEY)))[0];

describe("updateTaxSettings", () => {
  it("reads the defaults until a save, then the saved values", async () => {
    expect(await getTaxSettings(handle.db, 0)).toEqual(DEFAULT_TAX_SETTINGS);
    const next: TaxSettings = {
      oss_registered: true,
      previous_year_over_threshold: false,
      destination_vat_option: true,
      opening_distance_sales_cents: 412_550,
      opening_year: 2027,
      ddp: true,
    };
    const { before, after } = await updateTaxSettings(handle.db, next);
    expect(before).toEqual(DEFAULT_TAX_SETTINGS);
    expect(after).toEqual(next);
    expect(await getTaxSettings(handle.db, Date.now() + 60_000)).toEqual(next);
    expect((await storedRow())?.value).toEqual(next);
  });

  it("refuses bad values with a French message per field and keeps what was saved", async () => {
    const saved = await getTaxSettings(handle.db, Date.now() + 120_000);
    const error = await updateTaxSettings(handle.db, { ...saved, opening_distance_sales_cents: -1, opening_year: 1999 }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      kind: "invalid",
      code: "invalid_tax_settings",
      fieldErrors: {
        opening_distance_sales_cents: "Le montant des ventes à distance ne peut pas être négatif",
        opening_year: "Année invalide",
      },
    });
    expect(await getTaxSettings(handle.db, Date.now() + 180_000)).toEqual(saved);
    expect((await storedRow())?.value).toEqual(saved);
  });
});
