/**
 * Paramètres, "Fiscalité" (docs/decisions/063-vat-by-destination.md): the VAT rate table and the
 * shop's VAT settings, each saved with its activity-log entry in one transaction, so a refused
 * table or settings write neither a row nor an entry.
 */
import type { Database } from "~/.server/db/client";
import { announceInvalidation } from "~/.server/invalidations";
import { recordAdminChange } from "~/.server/outbox/events";
import { updateTaxSettings } from "~/.server/modules/settings/tax-settings.service";
import { replaceTaxRates } from "~/.server/modules/tax/tax-rates.service";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import type { TaxRate } from "~/domain/tax/rates";
import type { TaxSettings } from "~/domain/tax/tax-rules";

/** Replaces the whole rate table (rows as posted; the tax module checks them). */
export async function saveTaxRates(db: Database, actor: AdminActor, rows: unknown): Promise<TaxRate[]> {
  const after = await db.transaction(async (tx) => {
    const { before, after } = await replaceTaxRates(tx, rows);
    await recordAdminChange(tx, actor, {
      action: "settings.tax_rates_update",
      entityType: "settings",
      entityId: "tax_rates",
      summary: `Taux de TVA modifiés (${after.length} lignes)`,
      // The log's diff shows top-level fields: one per row, "FR standard dès 2014-01-01".
      before: rateRecord(before),
      after: rateRecord(after),
    });
    return after;
  });
  // Forgotten again once committed: a quote read during the transaction may have kept the old table.
  await announceInvalidation(["settings"]);
  return after;
}

export async function saveTaxSettings(db: Database, actor: AdminActor, input: unknown): Promise<TaxSettings> {
  const after = await db.transaction(async (tx) => {
    const { before, after } = await updateTaxSettings(tx, input);
    await recordAdminChange(tx, actor, {
      action: "settings.tax_update",
      entityType: "settings",
      entityId: "tax",
      summary: "Réglages de TVA modifiés",
      before,
      after,
    });
    return after;
  });
  await announceInvalidation(["settings"]);
  return after;
}

function rateRecord(rates: readonly TaxRate[]): Record<string, string> {
  return Object.fromEntries(
    rates.map((r) => [
      `${r.country_code} ${r.tax_class} dès ${r.valid_from}`,
      `${String(r.rate_percent).replace(".", ",")} %${r.valid_until ? ` jusqu'au ${r.valid_until}` : ""}`,
    ]),
  );
}
