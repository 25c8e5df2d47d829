/** Paramètres, intent "cart-reminders": the forgotten-cart reminders (docs/decisions/069-forgotten-cart.md). */
import { getDb } from "~/.server/db";
import { answerAction } from "~/.server/action-result";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { saveCartReminderSettings } from "~/.server/workflows/cart-reminder-settings";
import { cartReminderSettingsFromForm } from "~/domain/cart-reminders/cart-reminders";

type Session = { user: { id: string; email: string } };

export async function saveCartReminderSettingsIntent(session: Session, form: FormData) {
  const values = cartReminderSettingsFromForm(form);
  return answerAction(async () => {
    await saveCartReminderSettings(await getDb(), adminActorOf(session), values);
    return { data: null, message: "Rappels de paniers oubliés enregistrés" };
  });
}
