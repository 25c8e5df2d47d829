import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { userPreferences, userProfiles } from "../../db/schema";
import {
  CURRENCIES,
  DEFAULT_PREFERENCES,
  LANGUAGES,
  THEMES,
  TIME_ZONES,
  type Language,
  type Preferences,
  type Theme,
} from "~/domain/account/preferences.schema";
import { createReadMemo } from "../../read-memo";

type PreferencesRow = typeof userPreferences.$inferSelect;

function oneOf<T extends string>(allowed: readonly T[], value: unknown, fallback: T): T {
  return typeof value === "string" && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** Row to view; a value outside the offered choices (older data: es, de) reads as the default. */
function toPreferences(row: PreferencesRow): Preferences {
  const d = DEFAULT_PREFERENCES;
  const privacy = (row.privacySettings ?? {}) as Partial<Preferences["privacySettings"]>;
  return {
    emailOrderUpdates: row.emailOrderUpdates,
    emailPromotions: row.emailPromotions,
    emailNewsletters: row.emailNewsletters,
    emailReviewInvitations: row.emailReviewInvitations,
    smsNotifications: row.smsNotifications,
    pushNotifications: row.pushNotifications,
    language: oneOf(LANGUAGES, row.language, d.language),
    currency: oneOf(CURRENCIES, row.currency, d.currency),
    timezone: oneOf(TIME_ZONES, row.timezone, d.timezone),
    theme: oneOf(THEMES, row.theme, d.theme),
    privacySettings: {
      allow_product_recommendations:
        typeof privacy.allow_product_recommendations === "boolean"
          ? privacy.allow_product_recommendations
          : d.privacySettings.allow_product_recommendations,
    },
  };
}

/**
 * The columns the form no longer offers are kept (docs/decisions/043): `email_marketing` follows
 * the single promotions switch; the privacy JSON keeps its other keys and gets the one offered.
 */
function toRow(userId: string, p: Preferences) {
  return {
    userId,
    emailMarketing: p.emailPromotions,
    emailOrderUpdates: p.emailOrderUpdates,
    emailPromotions: p.emailPromotions,
    emailNewsletters: p.emailNewsletters,
    emailReviewInvitations: p.emailReviewInvitations,
    smsNotifications: p.smsNotifications,
    pushNotifications: p.pushNotifications,
    language: p.language,
    currency: p.currency,
    timezone: p.timezone,
    theme: p.theme,
    privacySettings: {
      profile_visibility: "private" as const,
      show_purchase_history: false,
      allow_product_recommendations: p.privacySettings.allow_product_recommendations,
    },
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

/**
 * The user's preferences without storing anything (the defaults when they never opened the tab):
 * what the producers of e-mails, SMS and notifications consult (decision 043).
 */
export async function readPreferences(db: Executor, userId: string): Promise<Preferences> {
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
  return row ? toPreferences(row) : { ...DEFAULT_PREFERENCES, privacySettings: { ...DEFAULT_PREFERENCES.privacySettings } };
}

/**
 * The phone number to text for a user who turned on "Notifications par SMS", or null (SMS off, or
 * no phone in the profile): what the producers of texts ask before queueing one (decision 043).
 */
export async function smsRecipientOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ sms: userPreferences.smsNotifications, phone: userProfiles.phone })
    .from(userPreferences)
    .innerJoin(userProfiles, eq(userProfiles.id, userPreferences.userId))
    .where(eq(userPreferences.userId, userId));
  const phone = row?.phone?.trim();
  return row?.sms && phone ? phone : null;
}

/** Saves every preference field of the user (insert or update of their single row). */
export async function savePreferences(db: Executor, userId: string, input: Preferences): Promise<Preferences> {
  const values = toRow(userId, input);
  const { userId: _key, privacySettings, ...changes } = values;
  const privacyChange = JSON.stringify({ allow_product_recommendations: privacySettings.allow_product_recommendations });
  const [saved] = await db
    .insert(userPreferences)
    .values(values)
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: { ...changes, privacySettings: sql`${userPreferences.privacySettings} || ${privacyChange}::jsonb`, updatedAt: sql`now()` },
    })
    .returning();
  return toPreferences(saved);
}

/** The language chosen from the footer by a signed-in shopper: their Préférences follow it. */
export async function saveLanguagePreference(db: Executor, userId: string, language: Language): Promise<void> {
  const values = { ...toRow(userId, DEFAULT_PREFERENCES), language };
  await db
    .insert(userPreferences)
    .values(values)
    .onConflictDoUpdate({ target: userPreferences.userId, set: { language, updatedAt: sql`now()` } });
}

/** Records the newsletter subscription's state in the preferences row (the switch reads the subscription itself). */
export async function recordNewsletterChoice(db: Executor, userId: string, subscribed: boolean): Promise<void> {
  await db
    .update(userPreferences)
    .set({ emailNewsletters: subscribed, updatedAt: sql`now()` })
    .where(eq(userPreferences.userId, userId));
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
 * The theme, currency and recommendation choice are read by every page of a signed-in user:
 * remembered a minute per user (read-memo.ts; saving the preferences, a write, forgets them at
 * once in this process and within a second in the others, decision 038).
 */
const prefsMemo = createReadMemo<Preferences>({ ttlMs: 60_000 });

/** The user's preferences as every page reads them (memoised; see above). */
export async function getPagePreferences(db: Executor, userId: string): Promise<Preferences> {
  return prefsMemo.get(userId, () => getPreferences(db, userId));
}

/** The theme the shop is drawn with for this user. */
export async function getThemePreference(db: Executor, userId: string): Promise<Theme> {
  return (await getPagePreferences(db, userId)).theme;
}
