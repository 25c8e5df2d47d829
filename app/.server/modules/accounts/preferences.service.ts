import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { userPreferences } from "../../db/schema";
import {
  CURRENCIES,
  DEFAULT_PREFERENCES,
  LANGUAGES,
  PROFILE_VISIBILITIES,
  THEMES,
  TIME_ZONES,
  type Preferences,
  type Theme,
} from "~/domain/account/preferences.schema";
import { createReadMemo } from "../../read-memo";

type PreferencesRow = typeof userPreferences.$inferSelect;

function oneOf<T extends string>(allowed: readonly T[], value: unknown, fallback: T): T {
  return typeof value === "string" && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** Row to view; a value outside the offered choices (older data) reads as the default. */
function toPreferences(row: PreferencesRow): Preferences {
  const d = DEFAULT_PREFERENCES;
  const privacy = (row.privacySettings ?? {}) as Partial<Preferences["privacySettings"]>;
  return {
    emailMarketing: row.emailMarketing,
    emailOrderUpdates: row.emailOrderUpdates,
    emailPromotions: row.emailPromotions,
    emailNewsletters: row.emailNewsletters,
    smsNotifications: row.smsNotifications,
    pushNotifications: row.pushNotifications,
    language: oneOf(LANGUAGES, row.language, d.language),
    currency: oneOf(CURRENCIES, row.currency, d.currency),
    timezone: oneOf(TIME_ZONES, row.timezone, d.timezone),
    theme: oneOf(THEMES, row.theme, d.theme),
    privacySettings: {
      profile_visibility: oneOf(PROFILE_VISIBILITIES, privacy.profile_visibility, d.privacySettings.profile_visibility),
      show_purchase_history:
        typeof privacy.show_purchase_history === "boolean" ? privacy.show_purchase_history : d.privacySettings.show_purchase_history,
      allow_product_recommendations:
        typeof privacy.allow_product_recommendations === "boolean"
          ? privacy.allow_product_recommendations
          : d.privacySettings.allow_product_recommendations,
    },
  };
}

function toRow(userId: string, p: Preferences) {
  return {
    userId,
    emailMarketing: p.emailMarketing,
    emailOrderUpdates: p.emailOrderUpdates,
    emailPromotions: p.emailPromotions,
    emailNewsletters: p.emailNewsletters,
    smsNotifications: p.smsNotifications,
    pushNotifications: p.pushNotifications,
    language: p.language,
    currency: p.currency,
    timezone: p.timezone,
    theme: p.theme,
    privacySettings: { ...p.privacySettings },
  };
}

/**
 * The user's preferences; the first read stores the spec's defaults. The user id always comes
 * from the session, so a user only ever reads their own row.
 */
export async function getPreferences(db: Executor, userId: string): Promise<Preferences> {
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
  if (row) return toPreferences(row);
  // Two first reads at once: the loser's insert does nothing and the re-read finds the winner's row.
  await db.insert(userPreferences).values(toRow(userId, DEFAULT_PREFERENCES)).onConflictDoNothing();
  const [created] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
  return created ? toPreferences(created) : { ...DEFAULT_PREFERENCES };
}

/** Saves every preference field of the user (insert or update of their single row). */
export async function savePreferences(db: Executor, userId: string, input: Preferences): Promise<Preferences> {
  const values = toRow(userId, input);
  const { userId: _key, ...changes } = values;
  const [saved] = await db
    .insert(userPreferences)
    .values(values)
    .onConflictDoUpdate({ target: userPreferences.userId, set: { ...changes, updatedAt: sql`now()` } })
    .returning();
  return toPreferences(saved);
}

/**
 * The customer refused, at sign-up, the shop's commercial e-mails about similar products
 * (L34-5 CPCE, decision 042): promotions and marketing e-mails are off from the start.
 */
export async function recordCommercialEmailRefusal(db: Executor, userId: string): Promise<void> {
  const values = { ...toRow(userId, DEFAULT_PREFERENCES), emailPromotions: false, emailMarketing: false };
  await db
    .insert(userPreferences)
    .values(values)
    .onConflictDoUpdate({ target: userPreferences.userId, set: { emailPromotions: false, emailMarketing: false, updatedAt: sql`now()` } });
}

/**
 * The theme is read by every page of a signed-in user: remembered a minute per user
 * (read-memo.ts; saving the preferences, a write, forgets it at once in this process and within a
 * second in the others, decision 038).
 */
const themeMemo = createReadMemo<Theme>({ ttlMs: 60_000 });

/** The theme the shop is drawn with for this user. */
export async function getThemePreference(db: Executor, userId: string): Promise<Theme> {
  return themeMemo.get(userId, async () => (await getPreferences(db, userId)).theme);
}
