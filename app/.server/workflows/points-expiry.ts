/**
 * The Beauty Pass daily job, where the points ledger and the shopper's notifications meet
 * (decision 024): the loyalty module expires what lapsed and reads what lapses soon, and the
 * notifications module holds the one reminder per lapse date. Each reminder is one transaction
 * with the shopper's balance locked, so two runs at once (two instances) write it once: the
 * second waits for the lock, then finds the first one's notification.
 */
import type { Database } from "~/.server/db/client";
import {
  enqueuePointsExpiryMail,
  expireLapsedPoints,
  expiryReminderHorizon,
  lockLapsingPoints,
  pointsExpiryNotice,
  usersWithCreditsExpiringBy,
} from "~/.server/modules/loyalty/loyalty.service";
import { promotionPreferencesOf } from "~/.server/db/recipients";
import { createNotification, hasReminder } from "~/.server/modules/notifications/notifications.service";

export type ExpiryRunResult = { expiredUsers: number; expiredPoints: number; reminders: number };

/**
 * Writes an 'expired' transaction for points past their 12 months, then sends one reminder
 * (notification and e-mail) for points lapsing within 30 days. Safe to run any number of times:
 * expiry is computed from the ledger, reminders are keyed by the date.
 */
export async function expireLoyaltyPoints(db: Database, now = new Date()): Promise<ExpiryRunResult> {
  const expired = await expireLapsedPoints(db, now);
  const horizon = expiryReminderHorizon(now);
  let reminders = 0;
  for (const userId of await usersWithCreditsExpiringBy(db, horizon)) {
    if (await remindLapsingPoints(db, userId, now, horizon)) reminders += 1;
  }
  return { ...expired, reminders };
}

async function remindLapsingPoints(db: Database, userId: string, now: Date, horizon: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const lapsing = await lockLapsingPoints(tx, userId, now, horizon);
    if (!lapsing || (await hasReminder(tx, userId, lapsing.reminderKey))) return false;
    // One read of the shopper's preferences: the notice's date and the mail's language and consent.
    const prefs = await promotionPreferencesOf(tx, userId);
    await createNotification(tx, pointsExpiryNotice(userId, lapsing, prefs));
    await enqueuePointsExpiryMail(tx, userId, lapsing, prefs);
    return true;
  });
}
