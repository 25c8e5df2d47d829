/**
 * Gift wrap settings (docs/decisions/068-gift-wrap.md), kept under the `gift_wrap` key of
 * shop_settings: whether the checkout offers it, its price and whether the Beauty VIP tier gets it
 * free. Read on every quote and never cached, so a save applies to the next quote in every process.
 */
import type { Executor } from "~/.server/db/client";
import {
  DEFAULT_GIFT_WRAP_SETTINGS,
  GiftWrapSettingsFormSchema,
  GiftWrapSettingsSchema,
  type GiftWrapSettings,
} from "~/domain/checkout/gift-options";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import { readSetting, refusedSettings, writeSetting } from "./settings-store";

export const GIFT_WRAP_SETTINGS_KEY = "gift_wrap";

/** The saved settings, or the defaults (a stored value that no longer passes the schema gives the defaults). */
export async function getGiftWrapSettings(db: Executor): Promise<GiftWrapSettings> {
  const value = await readSetting(db, GIFT_WRAP_SETTINGS_KEY);
  const stored = GiftWrapSettingsSchema.safeParse({ ...DEFAULT_GIFT_WRAP_SETTINGS, ...((value as object | undefined) ?? {}) });
  return stored.success ? stored.data : DEFAULT_GIFT_WRAP_SETTINGS;
}

/** Checks the Paramètres form's values (the price in euros) and saves them; refused with a French message per field. */
export async function saveGiftWrapSettings(db: Executor, input: unknown): Promise<{ before: GiftWrapSettings; after: GiftWrapSettings }> {
  const parsed = GiftWrapSettingsFormSchema.safeParse(input ?? {});
  if (!parsed.success) throw refusedSettings("invalid_gift_wrap_settings", parsed.error, CHECKOUT_MESSAGES.giftWrapSettingsInvalid);
  const before = await getGiftWrapSettings(db);
  await writeSetting(db, GIFT_WRAP_SETTINGS_KEY, parsed.data);
  return { before, after: parsed.data };
}
