/**
 * Consent to marketing e-mails (docs/decisions/043 and 069): the single "Promotions" switch of
 * Préférences, which `email_marketing` follows. The forgotten-cart reminder asks who may receive
 * one, and its one-click unsubscribe turns the switch off without a session.
 */
import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { user, userPreferences, userProfiles } from "../../db/schema";
import type { Language } from "~/domain/account/preferences.schema";
import { readPreferences } from "./preferences.service";

export type MarketingRecipient = { email: string; firstName: string | null; language: Language };

/**
 * Where a marketing e-mail to this user goes, or null: no such account, an e-mail address not
 * verified, a disabled (banned) account, or "Promotions" off.
 */
export async function marketingRecipientOf(db: Executor, userId: string): Promise<MarketingRecipient | null> {
  const [account] = await db
    .select({ email: user.email, verified: user.emailVerified, banned: user.banned, firstName: userProfiles.firstName })
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    .where(eq(user.id, userId));
  if (!account || !account.verified || account.banned) return null;
  const preferences = await readPreferences(db, userId);
  if (!preferences.emailPromotions) return null;
  return { email: account.email, firstName: account.firstName?.trim() || null, language: preferences.language };
}

/**
 * Turns "Promotions" (and `email_marketing` with it) off for this user; false when there is no
 * such account. Idempotent: a second unsubscribe changes nothing and still answers true.
 */
export async function withdrawMarketingConsent(db: Executor, userId: string): Promise<boolean> {
  if (!(await marketingAccountExists(db, userId))) return false;
  await db
    .insert(userPreferences)
    // A user who never opened Préférences gets the row's defaults (the spec's), promotions off.
    .values({ userId, emailPromotions: false, emailMarketing: false })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: { emailPromotions: false, emailMarketing: false, updatedAt: sql`now()` },
    });
  return true;
}

/** Whether the account still exists (an erased one's old unsubscribe link is answered as invalid). */
export async function marketingAccountExists(db: Executor, userId: string): Promise<boolean> {
  const [account] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  return Boolean(account);
}
