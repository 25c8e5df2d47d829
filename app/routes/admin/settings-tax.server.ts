/**
 * Paramètres, intents "tax-rates" and "tax-settings": the "Fiscalité" section
 * (docs/decisions/063-vat-by-destination.md). The rate table is posted whole, one value per
 * column and row; the settings as checkboxes, an amount in euros and a year.
 */
import { getDb } from "~/.server/db";
import { answerAction, refused } from "~/.server/action-result";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { saveTaxRates, saveTaxSettings } from "~/.server/workflows/tax-settings";
import { invalid } from "~/domain/errors";
import { taxRateRowsFromForm, taxRatesInputOf, taxSettingsFromForm } from "~/domain/tax/tax-settings-form";

type Session = { user: { id: string; email: string } };

export async function saveTaxRatesIntent(session: Session, form: FormData) {
  const rows = taxRateRowsFromForm(form);
  return answerAction(async () => {
    const saved = await saveTaxRates(await getDb(), adminActorOf(session), taxRatesInputOf(rows));
    return { data: null, message: `Taux de TVA enregistrés (${saved.length} lignes)` };
  });
}

export async function saveTaxSettingsIntent(session: Session, form: FormData) {
  const { values, fieldErrors } = taxSettingsFromForm(form);
  // Text that is no number never reaches the service, whose schema expects numbers.
  if (Object.keys(fieldErrors).length > 0) {
    return refused(invalid("invalid_tax_settings", Object.values(fieldErrors).join(" ; "), { fieldErrors }));
  }
  return answerAction(async () => {
    await saveTaxSettings(await getDb(), adminActorOf(session), values);
    return { data: null, message: "Réglages de TVA enregistrés" };
  });
}
