/**
 * The forgotten-cart reminders' settings (docs/decisions/069-forgotten-cart.md), kept under the
 * `cart_reminders` key of shop_settings: on or off, and the two delays in hours. Read once per job
 * run, so never cached.
 */
import type { Executor } from "~/.server/db/client";
import { readSetting, refusedSettings, writeSetting } from "./settings-store";
import {
  CartReminderSettingsSchema,
  DEFAULT_CART_REMINDER_SETTINGS,
  type CartReminderSettings,
} from "~/domain/cart-reminders/cart-reminders";

const KEY = "cart_reminders";

/** The stored settings; a missing or unreadable value reads as the defaults. */
export async function getCartReminderSettings(db: Executor): Promise<CartReminderSettings> {
  const stored = CartReminderSettingsSchema.safeParse(await readSetting(db, KEY));
  return stored.success ? stored.data : { ...DEFAULT_CART_REMINDER_SETTINGS };
}

/** Saves the settings or throws `invalid` with one French message per field. */
export async function updateCartReminderSettings(
  db: Executor,
  input: unknown,
): Promise<{ before: CartReminderSettings; after: CartReminderSettings }> {
  const parsed = CartReminderSettingsSchema.safeParse(input ?? {});
  if (!parsed.success) throw refusedSettings("invalid_cart_reminder_settings", parsed.error);
  const before = await getCartReminderSettings(db);
  await writeSetting(db, KEY, parsed.data);
  return { before, after: parsed.data };
}
