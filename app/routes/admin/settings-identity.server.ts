/** Paramètres, intent "identity": the shop identity's form (decision 046). */
import { data } from "react-router";
import { getDb } from "~/.server/db";
import { statusOf } from "~/.server/error-responses";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { saveShopIdentity } from "~/.server/workflows/shop-identity";
import { isDomainError } from "~/domain/errors";
import { remapIdentityErrors, shopIdentityFromForm, type ShopIdentityAnswer } from "~/domain/settings/shop-identity-form";

export async function saveIdentityIntent(session: { user: { id: string; email: string } }, form: FormData) {
  const { values, weekdays } = shopIdentityFromForm(form);
  try {
    await saveShopIdentity(await getDb(), adminActorOf(session), values);
    return data<ShopIdentityAnswer>({ ok: true, intent: "identity", message: "Identité de la boutique enregistrée" });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const errors = remapIdentityErrors((error.fieldErrors as Record<string, string> | undefined) ?? {}, weekdays);
    return data<ShopIdentityAnswer>({ ok: false, intent: "identity", message: error.message, errors }, { status: statusOf(error) });
  }
}
