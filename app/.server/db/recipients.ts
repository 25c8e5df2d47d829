/**
 * Who a message is for: the first name and the language (and time zone) of an account or of an
 * address that may belong to one. Every module that writes mails or notifications asks these; they
 * only read the accounts module's tables (which that module alone writes), so they live here,
 * beneath the modules, rather than make each of them import the accounts module (decision 024).
 */
import { eq, sql } from "drizzle-orm";
import type { Executor } from "./client";
import { user, userPreferences, userProfiles } from "./schema";
import { DEFAULT_PREFERENCES, LANGUAGES, TIME_ZONES, type Language, type TimeZone } from "~/domain/account/preferences.schema";

function oneOf<T extends string>(allowed: readonly T[], value: unknown, fallback: T): T {
  return typeof value === "string" && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/**
 * The language a user's e-mails are written in (decision 044): their Préférences, French when
 * there is no account (a visitor) or they never chose.
 */
export async function mailLanguageOf(db: Executor, userId: string | null | undefined): Promise<Language> {
  if (!userId) return DEFAULT_PREFERENCES.language;
  const [row] = await db.select({ language: userPreferences.language }).from(userPreferences).where(eq(userPreferences.userId, userId));
  return oneOf(LANGUAGES, row?.language, DEFAULT_PREFERENCES.language);
}

/** The same for an address that may belong to an account (a newsletter subscriber, a stock alert). */
export async function mailLanguageOfEmail(db: Executor, email: string): Promise<Language> {
  const [row] = await db
    .select({ language: userPreferences.language })
    .from(userPreferences)
    .innerJoin(user, eq(user.id, userPreferences.userId))
    .where(sql`lower(${user.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return oneOf(LANGUAGES, row?.language, DEFAULT_PREFERENCES.language);
}

/** What a promotional message needs of a user's Préférences: its language, its time zone, and whether they take promotions. */
export async function promotionPreferencesOf(
  db: Executor,
  userId: string,
): Promise<{ language: Language; timezone: TimeZone; emailPromotions: boolean }> {
  const [row] = await db
    .select({ language: userPreferences.language, timezone: userPreferences.timezone, emailPromotions: userPreferences.emailPromotions })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return {
    language: oneOf(LANGUAGES, row?.language, DEFAULT_PREFERENCES.language),
    timezone: oneOf(TIME_ZONES, row?.timezone, DEFAULT_PREFERENCES.timezone),
    emailPromotions: row?.emailPromotions ?? DEFAULT_PREFERENCES.emailPromotions,
  };
}

/** The first name a message greets a user by, or null when they gave none. */
export async function firstNameOfUser(db: Executor, userId: string | null | undefined): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db.select({ firstName: userProfiles.firstName }).from(userProfiles).where(eq(userProfiles.id, userId));
  return row?.firstName?.trim() || null;
}

/** The same for an address that may belong to an account (a newsletter subscriber, a gift card's recipient). */
export async function firstNameOfEmail(db: Executor, email: string): Promise<string | null> {
  const [row] = await db
    .select({ firstName: userProfiles.firstName })
    .from(userProfiles)
    .innerJoin(user, eq(user.id, userProfiles.id))
    .where(sql`lower(${user.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row?.firstName?.trim() || null;
}
