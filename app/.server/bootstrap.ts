import { startDatabase, stopDatabase } from "./db";
import { getSessionSecret } from "./secrets";
import { getAuth } from "./auth/session.server";
import { getMailer } from "./mail/mailer";
import { startOutboxWorker } from "./outbox/outbox.service";
import { startDailyJob } from "./jobs/daily-job";
import { expireLoyaltyPoints } from "./modules/loyalty/loyalty.service";
import { sendGiftCardExpiryReminders } from "./modules/gift-cards/gift-cards.service";

export type BootstrapResult = { database: string };

let stopOutbox: (() => Promise<void>) | undefined;
let stopLoyaltyExpiry: (() => void) | undefined;
let stopGiftCardReminders: (() => void) | undefined;

/** Everything the server needs before it takes requests. Safe to call more than once. */
export async function bootstrap(): Promise<BootstrapResult> {
  getSessionSecret();
  const handle = await startDatabase();
  await getAuth(); // creates the administrator when missing
  stopOutbox ??= startOutboxWorker(handle.db, getMailer());
  // Beauty Pass points lapse 12 months after award; reminders 30 days before (idempotent).
  stopLoyaltyExpiry ??= startDailyJob("loyalty-expiry", () => expireLoyaltyPoints(handle.db));
  // Gift cards: one reminder 3 months before expiry (idempotent: marked with its outbox row).
  stopGiftCardReminders ??= startDailyJob("gift-card-expiry-reminders", () => sendGiftCardExpiryReminders(handle.db));
  return { database: handle.label };
}

/** Called by the Node server on SIGINT/SIGTERM: stops the mail worker, closes the database (PGlite flushes, lock released). */
export async function shutdown(): Promise<void> {
  stopLoyaltyExpiry?.();
  stopLoyaltyExpiry = undefined;
  stopGiftCardReminders?.();
  stopGiftCardReminders = undefined;
  await stopOutbox?.();
  stopOutbox = undefined;
  await stopDatabase();
}
