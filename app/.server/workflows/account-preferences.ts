/**
 * The Préférences tab (docs/decisions/043-preferences-that-take-effect.md): the preferences row
 * (accounts module) and the newsletter subscription (newsletter module), read and saved together.
 * The "Newsletter" switch is the subscription itself: turning it on sends the double opt-in
 * confirmation mail (the switch shows "en attente de confirmation" until the link is opened);
 * turning it off unsubscribes at once.
 */
import { eq } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { user } from "~/.server/db/schema";
import { getPreferences, recordNewsletterChoice, savePreferences } from "~/.server/modules/accounts/preferences.service";
import { getProfile } from "~/.server/modules/accounts/profile.service";
import {
  requestSubscription,
  subscriptionStateOf,
  unsubscribeEmail,
  type SubscriptionState,
} from "~/.server/modules/newsletter/newsletter.service";
import type { AccountPreferencesView, Preferences } from "~/domain/account/preferences.schema";

async function emailOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return row?.email ?? null;
}

export async function loadAccountPreferences(db: Database, userId: string): Promise<AccountPreferencesView> {
  const [preferences, email, profile] = await Promise.all([getPreferences(db, userId), emailOf(db, userId), getProfile(db, userId)]);
  const newsletter = email ? await subscriptionStateOf(db, email) : "none";
  return {
    preferences: { ...preferences, emailNewsletters: newsletter === "subscribed" },
    newsletter,
    hasPhone: Boolean(profile?.phone?.trim()),
  };
}

export type SavedPreferences = { newsletterConfirmationSent: boolean };

export async function saveAccountPreferences(
  db: Database,
  input: { userId: string; preferences: Preferences; publicUrl: string; now?: Date },
): Promise<SavedPreferences> {
  const { userId, preferences, publicUrl } = input;
  const now = input.now ?? new Date();
  const email = await emailOf(db, userId);
  const before: SubscriptionState = email ? await subscriptionStateOf(db, email) : "none";
  await db.transaction(async (tx) => {
    await savePreferences(tx, userId, { ...preferences, emailNewsletters: before === "subscribed" });
    if (email && !preferences.emailNewsletters && before !== "none") {
      await unsubscribeEmail(tx, email, now);
      await recordNewsletterChoice(tx, userId, false);
    }
  });
  if (!email || !preferences.emailNewsletters || before !== "none") return { newsletterConfirmationSent: false };
  // Its own transaction (the subscription row and its confirmation mail), as on the newsletter form.
  const result = await requestSubscription(db, email, publicUrl, now);
  return { newsletterConfirmationSent: result.status === "sent" };
}
