/**
 * The forgotten-cart job (docs/decisions/069-forgotten-cart.md). A signed-in shopper who left lines
 * in the server cart, and takes promotional e-mails, gets one reminder after the first delay and
 * at most one more after the second, per cart episode; nothing once the cart is ordered or emptied
 * (it has no lines then). Each reminder is recorded and mailed in one transaction, so the unique
 * step of the episode and the outbox row commit together. The same pass records the reminders
 * followed by an order within CART_REMINDER_RECOVERY_DAYS, with the order's amount.
 */
import type { Database } from "~/.server/db/client";
import { getEnv } from "~/.server/env";
import { renderMail } from "~/.server/mail/templates";
import { unsubscribePathOf } from "~/.server/mail/unsubscribe-token";
import { marketingRecipientOf } from "~/.server/modules/accounts/marketing-consent.service";
import { keepCartForReminder } from "~/.server/modules/cart/cart-reminder.service";
import {
  listDueReminders,
  listEpisodesAwaitingRecovery,
  recordRecovery,
  recordReminder,
  type DueReminder,
} from "~/.server/modules/cart-reminders/cart-reminders.service";
import { firstOrderPlacedBetween } from "~/.server/modules/orders/orders-after.service";
import { getCartReminderSettings } from "~/.server/modules/settings/cart-reminder-settings.service";
import { enqueueMail, kickOutbox } from "~/.server/outbox/outbox.service";
import { CART_REMINDER_RECOVERY_DAYS } from "~/lib/shop-rules";
import { isUniqueViolation } from "~/.server/db/errors";

const HOUR_MS = 60 * 60 * 1000;
const RECOVERY_WINDOW_MS = CART_REMINDER_RECOVERY_DAYS * 24 * HOUR_MS;
const BATCH = 100;
/** A cart left this long after the second delay gets no reminder any more (a job stopped for a week, consent given late). */
const STALE_MARGIN_MS = 7 * 24 * HOUR_MS;
/** The cart page the mail's button opens. */
const CART_PATH = "/panier";

export type CartReminderRun = { examined: number; sent: number; skipped: number; recovered: number };

export type CartReminderOptions = { now?: Date; publicUrl?: string };

export async function sendCartReminders(db: Database, options: CartReminderOptions = {}): Promise<CartReminderRun> {
  const now = options.now ?? new Date();
  const run: CartReminderRun = { examined: 0, sent: 0, skipped: 0, recovered: 0 };
  run.recovered = await recordRecoveries(db, now);
  const settings = await getCartReminderSettings(db);
  if (settings.enabled) {
    const publicUrl = options.publicUrl ?? getEnv().publicUrl;
    let afterUserId: string | undefined;
    for (;;) {
      const due = await listDueReminders(db, {
        now,
        firstDelayMs: settings.firstDelayHours * HOUR_MS,
        secondDelayMs: settings.secondDelayHours * HOUR_MS,
        staleAfterMs: settings.secondDelayHours * HOUR_MS + STALE_MARGIN_MS,
        afterUserId,
        limit: BATCH,
      });
      for (const reminder of due) {
        run.examined += 1;
        if (await remind(db, reminder, now, publicUrl)) run.sent += 1;
        else run.skipped += 1;
      }
      if (due.length < BATCH) break;
      afterUserId = due[due.length - 1]!.userId;
    }
  }
  if (run.sent > 0) kickOutbox();
  return run;
}

/** One reminder, recorded and queued together; false when it is not to be sent (consent, emptied cart, already sent). */
async function remind(db: Database, reminder: DueReminder, now: Date, publicUrl: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const recipient = await marketingRecipientOf(tx, reminder.userId);
    if (!recipient) return false;
    const cart = await keepCartForReminder(tx, reminder.userId, now);
    if (cart.items.length === 0) return false;
    const recorded = await recordReminder(tx, {
      ...reminder,
      sentAt: now,
      cartAmountCents: cart.subtotal_cents,
      itemCount: cart.count,
    });
    if (!recorded) return false;
    const unsubscribePath = unsubscribePathOf(reminder.userId);
    const unsubscribeUrl = `${publicUrl.replace(/\/$/, "")}${unsubscribePath}`;
    const mail = await renderMail(
      "cart-reminder",
      {
        firstName: recipient.firstName,
        step: reminder.step,
        lines: cart.items.map((line) => ({
          name: line.brand ? `${line.brand} ${line.name}` : line.name,
          variant: line.variant_label,
          quantity: line.quantity,
          priceCents: line.price_cents,
          stock: line.available ? line.stock_quantity : 0,
        })),
        subtotalCents: cart.subtotal_cents,
        cartPath: CART_PATH,
        unsubscribePath,
      },
      { language: recipient.language, publicUrl },
    );
    await enqueueMail(tx, {
      to: recipient.email,
      ...mail,
      // RFC 8058: the mail client's "unsubscribe" posts List-Unsubscribe=One-Click to this URL.
      headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
    return true;
  });
}

/**
 * Reminders followed by an order: for each episode not recovered yet, the shopper's first order
 * after its first reminder, credited to the latest reminder sent before it when it came within
 * the recovery window. Each in its own transaction: a concurrent run's record (refused by the
 * unique indexes) costs only that one.
 */
async function recordRecoveries(db: Database, now: Date): Promise<number> {
  let recovered = 0;
  const episodes = await listEpisodesAwaitingRecovery(db, { now, windowMs: RECOVERY_WINDOW_MS, limit: 1_000 });
  for (const episode of episodes) {
    const first = episode.reminders[0];
    const last = episode.reminders[episode.reminders.length - 1];
    if (!first || !last) continue;
    const until = new Date(Math.min(now.getTime(), last.sentAt.getTime() + RECOVERY_WINDOW_MS));
    const order = await firstOrderPlacedBetween(db, episode.userId, first.sentAt, until);
    if (!order) continue;
    const credited = [...episode.reminders].reverse().find((r) => r.sentAt.getTime() < order.createdAt.getTime());
    if (!credited || order.createdAt.getTime() - credited.sentAt.getTime() > RECOVERY_WINDOW_MS) continue;
    try {
      const done = await db.transaction((tx) =>
        recordRecovery(tx, { reminderId: credited.id, orderId: order.id, amountCents: order.totalCents, at: order.createdAt }),
      );
      if (done) recovered += 1;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return recovered;
}
