/**
 * Shop settings edited in the back-office (Paramètres): today the mainland delivery fee and the
 * free-delivery threshold, one row `shipping` of shop_settings (value jsonb).
 *
 * Every page reads them (root loader) and every checkout quote too, so they are cached in this
 * process for SETTINGS_TTL_MS and dropped at once when this process updates them. With several
 * server processes on one PostgreSQL, another process may serve the old figures for up to 5
 * seconds after an update; the checkout stays consistent meanwhile because the quote and the
 * charge of one order use the same settings read (placeOrder reads them once).
 */
import { eq } from "drizzle-orm";
import { shopSettings } from "~/.server/db/schema";
import type { Executor } from "~/.server/db/client";
import { invalid } from "~/domain/errors";
import { purgePageCache } from "~/.server/page-cache-bridge";
import { ShippingSettingsFormSchema, type ShippingSettingsField } from "~/domain/settings/shop-settings.schema";
import { DEFAULT_SHIPPING_SETTINGS, type ShippingSettings } from "~/domain/checkout/shipping.rules";

export const SHIPPING_SETTINGS_KEY = "shipping";
export const SETTINGS_TTL_MS = 5_000;

type StoredShipping = { fee_cents: number; free_threshold_cents: number; updated_by?: string };

/** Per database handle (tests use one PGlite per file): the settings and when they go stale. */
const caches = new WeakMap<object, { value: ShippingSettings; expiresAt: number }>();

function isCents(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}

/** A row written by hand with a bad field keeps the default for that field, never a broken checkout. */
function fromStored(value: unknown): ShippingSettings {
  const v = (value ?? {}) as Partial<StoredShipping>;
  return {
    feeCents: isCents(v.fee_cents) ? v.fee_cents : DEFAULT_SHIPPING_SETTINGS.feeCents,
    freeThresholdCents: isCents(v.free_threshold_cents) ? v.free_threshold_cents : DEFAULT_SHIPPING_SETTINGS.freeThresholdCents,
  };
}

/** The mainland (and Corsica) fee and the free-delivery threshold; the published rules when unset. */
export async function getShippingSettings(db: Executor, now: number = Date.now()): Promise<ShippingSettings> {
  const cached = caches.get(db);
  if (cached && cached.expiresAt > now) return cached.value;
  const [row] = await db
    .select({ value: shopSettings.value })
    .from(shopSettings)
    .where(eq(shopSettings.key, SHIPPING_SETTINGS_KEY))
    .limit(1);
  const value = fromStored(row?.value);
  caches.set(db, { value, expiresAt: now + SETTINGS_TTL_MS });
  return value;
}

/**
 * Validates the euros typed in the form, stores cents, and makes every page show them at once.
 * A refused form throws `invalid_shipping_settings` with one French message per field.
 */
export async function updateShippingSettings(db: Executor, input: unknown, actorUserId: string): Promise<ShippingSettings> {
  const parsed = ShippingSettingsFormSchema.safeParse(input ?? {});
  if (!parsed.success) {
    const fieldErrors: Partial<Record<ShippingSettingsField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as ShippingSettingsField;
      fieldErrors[field] ??= issue.message;
    }
    throw invalid("invalid_shipping_settings", Object.values(fieldErrors).join(" ; "), { fieldErrors });
  }
  const value: StoredShipping = {
    fee_cents: parsed.data.shipping_fee,
    free_threshold_cents: parsed.data.free_shipping_threshold,
    updated_by: actorUserId,
  };
  const now = new Date();
  await db
    .insert(shopSettings)
    .values({ key: SHIPPING_SETTINGS_KEY, value, updatedAt: now })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value, updatedAt: now } });
  caches.delete(db);
  // Anonymous pages (banners, cart drawer data) are shared-cached: drop them so the new figures show now.
  purgePageCache();
  return fromStored(value);
}
