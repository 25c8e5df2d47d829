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
  instalmentChargeKey,
  markInstalmentDeclined,
  markInstalmentPaid,
  paidSoFarCents,
  releaseInstalmentTry,
  schedulePaymentStatus,
  type ClaimedInstalment,
} from "~/.server/modules/payment-schedules/payment-schedules.service";
import { getPaymentProvider, type PaymentProvider } from "~/.server/modules/payments/payment-provider";
import { enqueueMail, kickOutbox } from "~/.server/outbox/outbox.service";
import { mailWording, renderMail } from "~/.server/mail/templates";
import { PAYMENT_STATUS_INSTALMENT_UNPAID, PAYMENT_STATUS_INSTALMENTS } from "~/domain/payments/instalments";
import { formatPrice } from "~/lib/money";
import { formatDate, parisDay } from "~/lib/paris-time";
import { log } from "../logger";
import { countPayment } from "../metrics";
import { firstNameOfUser, mailLanguageOf } from "~/.server/db/recipients";

/** A try still `charging` after this long belongs to a dead process (the provider answers far sooner). */
const DEFAULT_GRACE_MS = 10 * 60 * 1000;
const BATCH = 50;

export type InstalmentRunResult = { charged: number; declined: number; failed: number; recovered: number; errors: number };

export async function chargeDueInstalments(
  db: Database,
  options: { provider?: PaymentProvider; now?: Date; graceMs?: number } = {},
): Promise<InstalmentRunResult> {
  const now = options.now ?? new Date();
  const provider = options.provider ?? getPaymentProvider(db);
  const result: InstalmentRunResult = { charged: 0, declined: 0, failed: 0, recovered: 0, errors: 0 };

  // 1. Tries a dead process left `charging`: the provider says whether the key was charged.
  const staleBefore = new Date(now.getTime() - (options.graceMs ?? DEFAULT_GRACE_MS));
  for (const row of await claimStaleInstalments(db, { staleBefore, now, limit: BATCH })) {
    try {
      const found = await provider.findCharge(instalmentChargeKey(row));
      if (found) {
        await settlePaid(db, provider, row, found.paymentId, now);
        result.charged += 1;
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
  if (result.failed > 0) kickOutbox();
  return result;
}

async function chargeOne(
  db: Database,
  provider: PaymentProvider,
  row: ClaimedInstalment,
  now: Date,
): Promise<"charged" | "declined" | "failed"> {
  const charged = row.providerToken
    ? await provider.charge({
        amountCents: row.amountCents,
        currency: "EUR",
        source: { type: "token", token: row.providerToken },
        customerRef: row.userId ?? "",
        idempotencyKey: instalmentChargeKey(row),
        description: `Aurore, échéance ${row.seq}/3`,
      })
    : ({ ok: false, code: "declined", message: "no card token" } as const);
  if (row.providerToken)
    countPayment(charged.ok ? "succeeded" : charged.code === "authentication_required" ? "authentication_required" : "declined");
  if (charged.ok) {
    await settlePaid(db, provider, row, charged.paymentId, now);
    return "charged";
  }
  const message = charged.code === "declined" ? charged.message : "authentication required";
  return settleDeclined(db, row, message, now);
}

/** Paid: the instalment, the order's payment status, and the points of a delivered order. */
async function settlePaid(db: Database, provider: PaymentProvider, row: ClaimedInstalment, paymentId: string, now: Date) {
  const kept = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, row.orderId);
    if (!order || !(await markInstalmentPaid(tx, { id: row.id, tries: row.tries, paymentId, now }))) return false;
    await syncPaymentStatus(tx, order, now);
    if (order.status === "delivered") {
      const paid = await paidSoFarCents(tx, order);
      await creditOrderPoints(tx, order, { now, paid: { totalCents: paid, newCents: row.amountCents } });
    }
    return true;
  });
  // Cancelled while it was being charged: the money goes back, once (same key however often).
  if (!kept) {
    await provider
      .refund({ paymentId, amountCents: row.amountCents, idempotencyKey: `${instalmentChargeKey(row)}:refund` })
      .catch((error) => log.error({ err: error, paymentId }, "instalments: refund failed"));
  }
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

/** After the last try: an e-mail and a notification to the shopper, committed with the failure. */
async function tellUnpaid(tx: Executor, order: LockedOrder, row: ClaimedInstalment, now: Date) {
  if (!order.userId) return;
  const amount = formatPrice(row.amountCents);
  await createNotification(tx, {
    userId: order.userId,
    type: "order",
    priority: "high",
    title: `Échéance impayée : commande ${order.orderNumber}`,
    message: `Votre échéance ${row.seq}/3 de ${amount} n'a pas pu être prélevée après 3 tentatives.`,
    actionUrl: "/dashboard?tab=orders",
    // Stored in French (the API's text); the pages word it in the reader's language (decision 044).
    messageKey: "instalmentUnpaid",
    params: { orderNumber: order.orderNumber, seq: String(row.seq), amountCents: String(row.amountCents) },
    metadata: { order_id: order.id, instalment: row.seq },
    createdAt: now,
  });
  const info = (order.metadata as { customer_info?: { email?: string; name?: string } }).customer_info;
  let to = info?.email;
  if (!to) {
    const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, order.userId));
    to = owner?.email;
  }
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
    },
    { language: m.language },
  );
  await enqueueMail(tx, { to, ...mail });
}
