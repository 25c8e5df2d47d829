/**
 * The daily job of Paiement en 3 fois sans frais (docs/decisions/035-instalments.md): charges
 * each instalment due today, once a day, merchant-initiated with the card's token (no CVC, so
 * no 3-D Secure), each try with its own provider key `instalment:<order id>:<seq>:<try>`.
 *
 * Crash-safe as the checkout's payments (decision 021): the claim moves rows to `charging` (one
 * more try) and commits before the provider is called; the settlement, in one transaction with
 * the order locked, marks the instalment paid or declined, moves the order's payment status, and
 * credits the points of a delivered order or tells the shopper of a final failure. A row left
 * `charging` by a dead process is settled by asking the provider for its try's key.
 *
 * A try the bank declines because it wants the shopper to authenticate (an SCA soft decline) is
 * not retried behind their back: the instalment waits for them, with a link mailed to pay it
 * themselves (instalment-authentication.ts); unpaid when the link expires, it is unpaid for good
 * (decision 035, "An instalment the bank wants authenticated").
 */
import type { Database, Executor } from "~/.server/db/client";
import { user } from "~/.server/db/schema";
import { eq } from "drizzle-orm";
import { creditOrderPoints } from "./order-points";
import { createNotification } from "~/.server/modules/notifications/notifications.service";
import { lockOrder, setOrderPaymentStatus } from "~/.server/modules/orders/orders.service";
import {
  claimDueInstalments,
  claimStaleInstalments,
  expiredAuthentications,
  instalmentById,
  instalmentChargeKey,
  markAuthenticationExpired,
  markInstalmentAwaitingShopper,
  markInstalmentDeclined,
  markInstalmentPaid,
  paidSoFarCents,
  releaseInstalmentTry,
  releaseShopperTry,
  schedulePaymentStatus,
  type ClaimedInstalment,
  type InstalmentRow,
} from "~/.server/modules/payment-schedules/payment-schedules.service";
import {
  getPaymentProvider,
  type ChargeResult,
  type PaymentProvider,
  type ProviderCharge,
} from "~/.server/modules/payments/payment-provider";
import { enqueueMail, kickOutbox } from "~/.server/outbox/outbox.service";
import { recordEvent } from "~/.server/outbox/events";
import { mailRequest } from "~/.server/mail/mail-request";
import { mailWording, renderMail } from "~/.server/mail/templates";
import { instalmentAuthenticationPath, PAYMENT_STATUS_INSTALMENT_UNPAID, PAYMENT_STATUS_INSTALMENTS } from "~/domain/payments/instalments";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { INSTALMENT_AUTHENTICATION_LINK_DAYS } from "~/lib/shop-rules";
import { formatPrice } from "~/lib/money";
import { formatDate, parisDay } from "~/lib/paris-time";
import { log } from "../logger";
import { countPayment } from "../metrics";
import { firstNameOfUser, mailLanguageOf } from "~/.server/db/recipients";

/** A try still `charging` after this long belongs to a dead process (the provider answers far sooner). */
const DEFAULT_GRACE_MS = 10 * 60 * 1000;
const BATCH = 50;

export type InstalmentRunResult = {
  charged: number;
  declined: number;
  failed: number;
  /** Declined because the bank wants the shopper: waiting for them, the link mailed. */
  awaiting: number;
  recovered: number;
  errors: number;
};

export async function chargeDueInstalments(
  db: Database,
  options: { provider?: PaymentProvider; now?: Date; graceMs?: number } = {},
): Promise<InstalmentRunResult> {
  const now = options.now ?? new Date();
  const provider = options.provider ?? getPaymentProvider(db);
  const result: InstalmentRunResult = { charged: 0, declined: 0, failed: 0, awaiting: 0, recovered: 0, errors: 0 };

  // 1. Tries a dead process left `charging`: the provider says whether the key was charged. A
  // shopper's try (its instalment waits for them) goes back to waiting, its key never sent again.
  const staleBefore = new Date(now.getTime() - (options.graceMs ?? DEFAULT_GRACE_MS));
  for (const row of await claimStaleInstalments(db, { staleBefore, now, limit: BATCH })) {
    try {
      const found = await staleTryOutcome(provider, row);
      if (found) {
        await settleInstalmentPaid(db, provider, row, found.paymentId, now);
        result.charged += 1;
      } else if (row.authenticationTokenHash) {
        await releaseShopperTry(db, { id: row.id, tries: row.tries, message: null, now });
      } else {
        await releaseInstalmentTry(db, { id: row.id, tries: row.tries, now });
      }
      result.recovered += 1;
    } catch (error) {
      result.errors += 1;
      log.error({ err: error, instalmentId: row.id }, "instalments: recovery failed");
    }
  }

  // 2. What is due today and not tried today.
  const today = parisDay(now);
  for (;;) {
    const claimed = await claimDueInstalments(db, { today, now, limit: BATCH });
    if (claimed.length === 0) break;
    for (const row of claimed) {
      try {
        const outcome = await chargeOne(db, provider, row, now);
        result[outcome] += 1;
      } catch (error) {
        // Outcome unknown: the row stays `charging` and the next run asks the provider.
        result.errors += 1;
        log.error({ err: error, instalmentId: row.id }, "instalments: charge failed");
      }
    }
    if (claimed.length < BATCH) break;
  }

  // 3. Waiting for the shopper past the link's validity: unpaid for good, as after three declines.
  for (const row of await expiredAuthentications(db, { now, limit: BATCH })) {
    try {
      if (await settleNotConfirmed(db, row, now)) result.failed += 1;
    } catch (error) {
      result.errors += 1;
      log.error({ err: error, instalmentId: row.id }, "instalments: expiry failed");
    }
  }
  if (result.failed > 0 || result.awaiting > 0) kickOutbox();
  return result;
}

/**
 * What became of a try a dead process left `charging`. A shopper's try that reached the bank's
 * dialog is closed at the provider first (Stripe cancels a PaymentIntent not paid yet), so its
 * client secret can no longer pay it once the shop has given it up; a paid one stands.
 */
async function staleTryOutcome(provider: PaymentProvider, row: ClaimedInstalment): Promise<Pick<ProviderCharge, "paymentId"> | null> {
  if (row.authenticationId) {
    const outcome = await provider.completeAuthentication(row.authenticationId, "failed");
    if (outcome.status === "charged") return { paymentId: outcome.charge.paymentId };
    if (outcome.status !== "already_completed") return null;
  }
  return provider.findCharge(instalmentChargeKey(row));
}

async function chargeOne(
  db: Database,
  provider: PaymentProvider,
  row: ClaimedInstalment,
  now: Date,
): Promise<"charged" | "declined" | "failed" | "awaiting"> {
  const charged: ChargeResult = row.providerToken
    ? await provider.charge({
        amountCents: row.amountCents,
        currency: "EUR",
        source: { type: "token", token: row.providerToken },
        customerRef: row.userId ?? "",
        idempotencyKey: instalmentChargeKey(row),
        description: `Aurore, échéance ${row.seq}/3`,
      })
    : { ok: false, code: "declined", message: "no card token" };
  const wantsShopper = !charged.ok && (charged.code === "authentication_required" || charged.reason === "authentication_required");
  if (row.providerToken) countPayment(charged.ok ? "succeeded" : wantsShopper ? "authentication_required" : "declined");
  if (charged.ok) {
    await settleInstalmentPaid(db, provider, row, charged.paymentId, now);
    return "charged";
  }
  if (charged.code === "authentication_required") {
    // A provider that answers with a dialog to show off session: nobody is there to see it, so it
    // is closed (never left payable behind the shop's back) and the shopper is asked instead.
    const closed = await provider.completeAuthentication(charged.authenticationId, "failed");
    if (closed.status === "charged") {
      await settleInstalmentPaid(db, provider, row, closed.charge.paymentId, now);
      return "charged";
    }
    return settleAwaitingShopper(db, row, ACCOUNT_MESSAGES.instalmentPaymentNotCompleted, now);
  }
  if (charged.reason === "authentication_required") return settleAwaitingShopper(db, row, charged.message, now);
  return settleDeclined(db, row, charged.message, now);
}

/**
 * Paid: the instalment, the order's payment status, and the points of a delivered order, in one
 * transaction with the order locked; the job's tries and the shopper's (instalment-authentication.ts)
 * settle here. Paid already by this very payment (two settlements of one charge at once): nothing
 * more. Cancelled while it was being charged: the money goes back.
 */
export async function settleInstalmentPaid(
  db: Database,
  provider: PaymentProvider,
  row: Pick<InstalmentRow, "id" | "orderId" | "seq" | "tries" | "amountCents">,
  paymentId: string,
  now: Date,
): Promise<"paid" | "refunded"> {
  const kept = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, row.orderId);
    if (!order) return false;
    if (!(await markInstalmentPaid(tx, { id: row.id, tries: row.tries, paymentId, now }))) {
      const current = await instalmentById(tx, row.id);
      return current?.status === "paid" && current.providerPaymentId === paymentId;
    }
    await syncPaymentStatus(tx, order, now);
    if (order.status === "delivered") {
      const paid = await paidSoFarCents(tx, order);
      await creditOrderPoints(tx, order, { now, paid: { totalCents: paid, newCents: row.amountCents } });
    }
    return true;
  });
  if (kept) return "paid";
  // Cancelled while it was being charged: the money goes back, once (same key however often).
  await provider
    .refund({ paymentId, amountCents: row.amountCents, idempotencyKey: `${instalmentChargeKey(row)}:refund` })
    .catch((error) => log.error({ err: error, paymentId }, "instalments: refund failed"));
  return "refunded";
}

/**
 * The bank wants the shopper (an SCA soft decline): the instalment waits for them, and the mail
 * with the link to pay it follows the change as a domain event (decision 054), in its transaction.
 * A guest's order has no account to open the page with: a plain decline then.
 */
async function settleAwaitingShopper(
  db: Database,
  row: ClaimedInstalment,
  message: string,
  now: Date,
): Promise<"declined" | "failed" | "awaiting"> {
  if (!row.userId) return settleDeclined(db, row, message, now);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, row.orderId);
    if (!order?.userId) return "declined";
    const expiresAt = new Date(now.getTime() + INSTALMENT_AUTHENTICATION_LINK_DAYS * 24 * 60 * 60 * 1000);
    const token = await markInstalmentAwaitingShopper(tx, { id: row.id, tries: row.tries, message, expiresAt, now });
    if (!token) return "declined";
    const to = await recipientOf(tx, order);
    if (to) {
      const m = mailWording(await mailLanguageOf(tx, order.userId));
      const mail = mailRequest(
        to,
        "instalment-authentication",
        {
          firstName: (await firstNameOfUser(tx, order.userId)) ?? null,
          orderNumber: order.orderNumber,
          seq: row.seq,
          amount: m.price(row.amountCents),
          dueDate: formatDate(`${row.dueDate}T12:00:00Z`, undefined, m.locale),
          confirmPath: instalmentAuthenticationPath(token),
          validDays: INSTALMENT_AUTHENTICATION_LINK_DAYS,
        },
        { language: m.language },
      );
      await recordEvent(tx, "instalment.authentication_required", { orderId: order.id, seq: row.seq, mail });
    }
    return "awaiting";
  });
}

/** The link expired before the shopper paid: 'Échéance impayée', told as after three declines. */
async function settleNotConfirmed(db: Database, row: ClaimedInstalment, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, row.orderId);
    if (!order || !(await markAuthenticationExpired(tx, { id: row.id, message: ACCOUNT_MESSAGES.instalmentNotConfirmedInTime, now })))
      return false;
    await syncPaymentStatus(tx, order, now);
    await tellUnpaid(tx, order, row, now, "not_confirmed");
    return true;
  });
}

async function settleDeclined(db: Database, row: ClaimedInstalment, message: string, now: Date): Promise<"declined" | "failed"> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, row.orderId);
    const outcome = order ? await markInstalmentDeclined(tx, { id: row.id, tries: row.tries, message, now }) : null;
    if (!order || outcome !== "failed") return "declined";
    await syncPaymentStatus(tx, order, now);
    await tellUnpaid(tx, order, row, now);
    return "failed";
  });
}

type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockOrder>>>;

/** The order's payment status follows its schedule while it runs (not once cancelled or refunded). */
async function syncPaymentStatus(tx: Executor, order: LockedOrder, now: Date) {
  if (order.paymentStatus !== PAYMENT_STATUS_INSTALMENTS && order.paymentStatus !== PAYMENT_STATUS_INSTALMENT_UNPAID) return;
  const status = await schedulePaymentStatus(tx, order.id);
  if (status && status !== order.paymentStatus) await setOrderPaymentStatus(tx, order.id, status, now);
}

/** The shopper's address for an order's mails: the checkout's contact, else the account's. */
async function recipientOf(tx: Executor, order: LockedOrder): Promise<string | undefined> {
  const info = (order.metadata as { customer_info?: { email?: string; name?: string } }).customer_info;
  if (info?.email) return info.email;
  if (!order.userId) return undefined;
  const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, order.userId));
  return owner?.email;
}

/**
 * After the last try (or a link to authenticate that expired unpaid): an e-mail and a
 * notification to the shopper, committed with the failure.
 */
async function tellUnpaid(
  tx: Executor,
  order: LockedOrder,
  row: ClaimedInstalment,
  now: Date,
  reason: "declined" | "not_confirmed" = "declined",
) {
  if (!order.userId) return;
  const amount = formatPrice(row.amountCents);
  await createNotification(tx, {
    userId: order.userId,
    type: "order",
    priority: "high",
    title: `Échéance impayée : commande ${order.orderNumber}`,
    message:
      reason === "not_confirmed"
        ? `Votre échéance ${row.seq}/3 de ${amount} n'a pas été confirmée à temps auprès de votre banque.`
        : `Votre échéance ${row.seq}/3 de ${amount} n'a pas pu être prélevée après 3 tentatives.`,
    actionUrl: "/dashboard?tab=orders",
    // Stored in French (the API's text); the pages word it in the reader's language (decision 044).
    messageKey: reason === "not_confirmed" ? "instalmentNotConfirmed" : "instalmentUnpaid",
    params: { orderNumber: order.orderNumber, seq: String(row.seq), amountCents: String(row.amountCents) },
    metadata: { order_id: order.id, instalment: row.seq },
    createdAt: now,
  });
  const to = await recipientOf(tx, order);
  if (!to) return;
  const firstName = (await firstNameOfUser(tx, order.userId)) ?? null;
  const m = mailWording(await mailLanguageOf(tx, order.userId));
  const mail = await renderMail(
    "instalment-unpaid",
    {
      firstName,
      orderNumber: order.orderNumber,
      seq: row.seq,
      amount: m.price(row.amountCents),
      dueDate: formatDate(`${row.dueDate}T12:00:00Z`, undefined, m.locale),
      reason,
    },
    { language: m.language },
  );
  await enqueueMail(tx, { to, ...mail });
}
