/** Paramètres, intent "identity": the shop identity's form (decision 046). */
import { getDb } from "~/.server/db";
import { refused, succeeded } from "~/.server/action-result";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { saveShopIdentity } from "~/.server/workflows/shop-identity";
import { DomainError, isDomainError } from "~/domain/errors";
import { remapIdentityErrors, shopIdentityFromForm } from "~/domain/settings/shop-identity-form";

export async function saveIdentityIntent(session: { user: { id: string; email: string } }, form: FormData) {
  const { values, weekdays } = shopIdentityFromForm(form);
  try {
    await saveShopIdentity(await getDb(), adminActorOf(session), values);
    return succeeded(null, "Identité de la boutique enregistrée");
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (!error.fieldErrors) return refused(error);
    // The schema's paths ("openingHours.2.opens") become the form's fields (one per weekday).
    const fieldErrors = remapIdentityErrors(error.fieldErrors as Record<string, string>, weekdays);
    return refused(new DomainError(error.kind, error.code, error.message, { fieldErrors }));
  }
}
