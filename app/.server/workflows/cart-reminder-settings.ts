/**
 * Paramètres, "Paniers oubliés" (docs/decisions/069-forgotten-cart.md): the reminders' switch and
 * delays, saved with their activity-log entry in one transaction.
 */
import type { Database } from "~/.server/db/client";
import { recordAdminChange } from "~/.server/outbox/events";
import { updateCartReminderSettings } from "~/.server/modules/settings/cart-reminder-settings.service";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import type { CartReminderSettings } from "~/domain/cart-reminders/cart-reminders";

export async function saveCartReminderSettings(db: Database, actor: AdminActor, input: unknown): Promise<CartReminderSettings> {
  return db.transaction(async (tx) => {
    const { before, after } = await updateCartReminderSettings(tx, input);
    await recordAdminChange(tx, actor, {
      action: "settings.cart_reminders_update",
      entityType: "settings",
      entityId: "cart_reminders",
      summary: "Rappels de paniers oubliés modifiés",
      before,
      after,
    });
    return after;
  });
}
