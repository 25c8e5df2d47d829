/** Paramètres, intent "gift-wrap": the "Emballage cadeau" section (docs/decisions/068-gift-wrap.md). */
import { getDb } from "~/.server/db";
import { answerAction } from "~/.server/action-result";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { updateGiftWrapSettings } from "~/.server/workflows/order-gift";
import { giftWrapSettingsFormValues } from "~/domain/checkout/gift-options";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";

export async function saveGiftWrapIntent(session: { user: { id: string; email: string } }, form: FormData) {
  const values = giftWrapSettingsFormValues(form);
  return answerAction(async () => {
    await updateGiftWrapSettings(await getDb(), adminActorOf(session), values);
    return { data: null, message: CHECKOUT_MESSAGES.giftWrapSettingsSaved };
  }, values);
}
