/**
 * The shop's VAT settings (decision 063), kept under the `tax` key of shop_settings: OSS
 * registration, the EU distance-sales threshold's state, the option for destination VAT, the
 * delivered-duty-paid choice. Read by every checkout quote, so kept a few seconds per handle.
 */
import { readSetting, refusedSettings, writeSetting } from "./settings-store";
import { z } from "zod";
import type { Executor } from "~/.server/db/client";
import { createDbMemo } from "~/.server/db-memo";
import { announceInvalidation } from "~/.server/invalidations";
import { DEFAULT_TAX_SETTINGS, type TaxSettings } from "~/domain/tax/tax-rules";

export const TAX_SETTINGS_KEY = "tax";
const memo = createDbMemo<TaxSettings>({ kind: "settings", name: "tax-settings", ttlMs: 5_000 });

export const TaxSettingsSchema = z.object({
  oss_registered: z.boolean(),
  previous_year_over_threshold: z.boolean(),
  destination_vat_option: z.boolean(),
  opening_distance_sales_cents: z
    .number()
    .int("Montant invalide")
    .min(0, "Le montant des ventes à distance ne peut pas être négatif")
    .max(100_000_000_00, "Montant des ventes à distance trop élevé"),
  opening_year: z.number().int().min(2000, "Année invalide").max(2100, "Année invalide"),
  ddp: z.boolean(),
});

export async function getTaxSettings(db: Executor, now: number = Date.now()): Promise<TaxSettings> {
  return memo.get(
    db,
    "value",
    async () => {
      const value = await readSetting(db, TAX_SETTINGS_KEY);
      const stored = TaxSettingsSchema.partial().safeParse(value ?? {});
      return { ...DEFAULT_TAX_SETTINGS, ...(stored.success ? stored.data : {}) };
    },
    now,
  );
}

export async function updateTaxSettings(db: Executor, input: unknown): Promise<{ before: TaxSettings; after: TaxSettings }> {
  const parsed = TaxSettingsSchema.safeParse(input ?? {});
  if (!parsed.success) throw refusedSettings("invalid_tax_settings", parsed.error);
  const before = await getTaxSettings(db, 0);
  const after = parsed.data;
  await writeSetting(db, TAX_SETTINGS_KEY, after);
  memo.forget(db);
  void announceInvalidation(["settings"]);
  return { before, after };
}
