/**
 * 'Rembourser un montant' (docs/decisions/052-free-amount-refunds.md): a free amount paid back on
 * an order, a goodwill gesture or a late delivery, by the back-office or the admin API. In one
 * transaction, with the order row locked (two refunds at once are counted one after the other):
 * the amount checked against what is left to refund, its gift cards' share credited back to them,
 * the card's share taken off the instalments still due or refunded on the charges, the order's
 * refunded amount raised, a credit note of the amount, the refund recorded with its idempotency
 * key, the activity log, the shopper's notification and e-mail and the `order.refunded` webhook
 * event. The card is refunded through the PaymentProvider just after the commit, one key per
 * refund, as cancellations and returns are. A staff member's refund is held to the owner's refund
 * limit first (decision 066, app/domain/staff/refund-limit.ts).
 */
import type { Database } from "~/.server/db/client";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import { recordAdminChangeBy } from "~/.server/outbox/events";
import { refundGiftCardsUpTo } from "~/.server/modules/gift-cards/gift-cards.service";
import { issueOrderAmountCreditNote } from "./invoices";
import { createNotification } from "~/.server/modules/notifications/notifications.service";
import {
  findOrderRefundByKey,
  listOrderRefunds,
  recordOrderRefund,
  toOrderRefundView,
} from "~/.server/modules/orders/order-refunds.service";
import { addOrderRefund, getOrderRow, lockOrder, ORDER_NOT_FOUND_MESSAGE } from "~/.server/modules/orders/orders.service";
import { paidSoFarCents } from "~/.server/modules/payment-schedules/payment-schedules.service";
import { getPaymentProvider, type PaymentProvider } from "~/.server/modules/payments/payment-provider";
import { orderWebhookResource } from "~/.server/modules/webhooks/webhook-resources";
import { enqueueWebhookEvent } from "~/.server/modules/webhooks/webhooks.service";
import { renderMail } from "~/.server/mail/templates";
import { orderPath } from "~/.server/mail/templates/layout";
import { enqueueMail, kickOutbox } from "~/.server/outbox/outbox.service";
import { conflict, forbidden, invalid, notFound } from "~/domain/errors";
import { orderDocumentUrl } from "~/domain/invoices/invoice.types";
import {
  ORDER_REFUND_MESSAGES,
  OrderRefundSchema,
  refundAboveRemainderMessage,
  type OrderRefundsView,
  type OrderRefundView,
} from "~/domain/orders/order-refunds";
import { PAYMENT_STATUS_INSTALMENT_UNPAID, PAYMENT_STATUS_INSTALMENTS } from "~/domain/payments/instalments";
import { formatPrice } from "~/lib/money";
import { isUuid } from "~/lib/uuid";
import { log } from "../logger";
import { refundCardShare } from "./returns";
import { firstNameOfUser, mailLanguageOf } from "~/.server/db/recipients";
import { checkRefundLimit, type StaffRefunder } from "./staff-refund-limit";

export type RefundActor =
  { userId: string; role: "customer"; admin?: undefined } | { userId: string | null; role: "admin"; admin?: AdminActor };

export type RefundOrderAmountResult = {
  refund: OrderRefundView;
  credit_note: { number: string; total_cents: number; url: string };
  /** What is left to refund after it. */
  refundable_cents: number;
  /** True when the Idempotency-Key found an earlier refund: nothing was paid this time. */
  replayed: boolean;
};

export const REFUND_FORBIDDEN_MESSAGE = "Accès réservé à l'administrateur";
/** The credit note's line (decision 052). */
export const GOODWILL_DESIGNATION = "Geste commercial";

/** Payment statuses of an order whose money (or part of it) was received and not all given back. */
const REFUNDABLE_PAYMENT_STATUSES: ReadonlySet<string> = new Set(["paid", PAYMENT_STATUS_INSTALMENTS, PAYMENT_STATUS_INSTALMENT_UNPAID]);
const RELEASED_STATUSES: ReadonlySet<string> = new Set(["cancelled", "returned"]);

type CardRefund = { paymentId: string; amountCents: number; key: string };

function customerEmail(metadata: unknown): string | null {
  return (metadata as { customer_info?: { email?: string } } | null)?.customer_info?.email ?? null;
}

export async function refundOrderAmount(
  db: Database,
  input: {
    orderId: string;
    amountCents: unknown;
    reason: unknown;
    actor: RefundActor;
    /** The API's Idempotency-Key (or client_reference), the form's own key: a retry finds the first refund. */
    idempotencyKey?: string | null;
    provider?: PaymentProvider;
    now?: Date;
    /**
     * A staff member's session refunding (decision 066): its role's permissions, judged against
     * the owner's refund limit, and how to ask for the second factor again above it. None for an
     * API key: its orders:write scope is given only by someone who refunds without a limit.
     */
    staff?: StaffRefunder;
  },
): Promise<RefundOrderAmountResult> {
  const now = input.now ?? new Date();
  // Shoppers never refund, their own order or another's: the routes check it too (requireAdminApi).
  if (input.actor.role !== "admin") throw forbidden("forbidden", REFUND_FORBIDDEN_MESSAGE);
  const parsed = OrderRefundSchema.safeParse({ amount_cents: input.amountCents, reason: input.reason });
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "form")] ??= issue.message;
    const first = parsed.error.issues[0];
    throw invalid("invalid_refund", first?.message ?? ORDER_REFUND_MESSAGES.amountInvalid, {
      field: first ? String(first.path[0]) : undefined,
      fieldErrors,
    });
  }
  const { amount_cents: amount, reason } = parsed.data;
  if (!isUuid(input.orderId)) throw notFound("not_found", ORDER_NOT_FOUND_MESSAGE);
  // Before anything is paid, on the amount this refund pays; outside the transaction, as the
  // second factor's check reads the database on its own connection.
  if (input.staff) await checkRefundLimit(db, amount, input.staff);
  const key = input.idempotencyKey ?? null;
  const admin = input.actor.admin;

  let cardRefunds: CardRefund[] = [];
  const result = await db.transaction(async (tx): Promise<RefundOrderAmountResult> => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) throw notFound("not_found", ORDER_NOT_FOUND_MESSAGE);
    if (key) {
      // Under the order's lock: a retry running alongside the first call waits for it, then finds it.
      const earlier = await findOrderRefundByKey(tx, order.id, key);
      if (earlier) {
        if (earlier.amountCents !== amount || earlier.reason !== reason)
          throw conflict("idempotency_key_reused", ORDER_REFUND_MESSAGES.keyReused);
        const view = toOrderRefundView(earlier);
        return {
          refund: view,
          credit_note: { number: view.credit_note_number, total_cents: view.amount_cents, url: view.credit_note_url },
          refundable_cents: await paidSoFarCents(tx, order),
          replayed: true,
        };
      }
    }
    if (RELEASED_STATUSES.has(order.status) || !REFUNDABLE_PAYMENT_STATUSES.has(order.paymentStatus)) {
      throw conflict("order_not_refundable", ORDER_REFUND_MESSAGES.notRefundable);
    }
    // What was received and not given back: the total less the refunds and what the schedule still owes.
    const refundable = await paidSoFarCents(tx, order);
    if (amount > refundable) {
      throw invalid("refund_above_remainder", refundAboveRemainderMessage(refundable), {
        field: "amount_cents",
        fieldErrors: { amount_cents: refundAboveRemainderMessage(refundable) },
      });
    }

    // The same payment path as a return: the gift cards' part of the order first, the card the rest.
    const giftShare = order.totalCents > 0 ? Math.round((amount * order.giftCardCents) / order.totalCents) : 0;
    const giftCardCents = giftShare > 0 ? await refundGiftCardsUpTo(tx, order.id, giftShare, now) : 0;
    const card = await refundCardShare(tx, order, amount - giftCardCents, now);
    await addOrderRefund(tx, order.id, amount, now);
    // Numbered last, as every document is (decision 031): the counter's lock is held the shortest.
    const creditNote = await issueOrderAmountCreditNote(tx, {
      orderId: order.id,
      amountCents: amount,
      designation: GOODWILL_DESIGNATION,
      reason,
      payment: { cardCents: card.cardCents + card.reducedCents, giftCardCents },
      now,
    });
    const refund = await recordOrderRefund(tx, {
      orderId: order.id,
      amountCents: amount,
      cardCents: card.cardCents,
      giftCardCents,
      reducedCents: card.reducedCents,
      reason,
      creditNoteNumber: creditNote.number,
      idempotencyKey: key,
      createdBy: input.actor.userId,
      now,
    });
    await recordAdminChangeBy(tx, admin, {
      action: "order.refund",
      entityType: "order",
      entityId: order.id,
      summary: `Commande ${order.orderNumber} : ${formatPrice(amount)} remboursés (${reason})`,
      before: { refundedCents: order.refundedCents },
      after: {
        refundedCents: order.refundedCents + amount,
        amountCents: amount,
        cardCents: card.cardCents,
        giftCardCents,
        reducedCents: card.reducedCents,
        creditNoteNumber: creditNote.number,
        reason,
      },
    });

    const paymentId = (order.metadata as { payment?: { payment_id?: unknown } }).payment?.payment_id;
    if (card.charges) {
      cardRefunds = card.charges.map((c) => ({
        paymentId: c.paymentId,
        amountCents: c.amountCents,
        key: `amount-refund:${refund.id}:${c.seq}`,
      }));
    } else if (card.cardCents > 0 && typeof paymentId === "string") {
      cardRefunds = [{ paymentId, amountCents: card.cardCents, key: `amount-refund:${refund.id}` }];
    }

    if (order.userId) {
      await createNotification(tx, {
        userId: order.userId,
        type: "order",
        priority: "high",
        title: `Remboursement sur la commande ${order.orderNumber}`,
        message: `${formatPrice(amount)} vous sont remboursés sur votre commande ${order.orderNumber}.`,
        actionUrl: "/dashboard?tab=orders",
        // Stored in French (the API's text); the pages word it in the reader's language (decision 044).
        messageKey: "orderRefunded",
        params: { orderNumber: order.orderNumber, amountCents: String(amount) },
        metadata: { order_id: order.id, refund_id: refund.id },
        createdAt: now,
      });
      const email = customerEmail(order.metadata);
      if (email) {
        const mail = await renderMail(
          "order-refunded",
          {
            firstName: await firstNameOfUser(tx, order.userId),
            orderNumber: order.orderNumber,
            ordersPath: orderPath(order.orderNumber),
            amountCents: amount,
            reason,
            creditNoteNumber: creditNote.number,
            cardCents: card.cardCents,
            reducedCents: card.reducedCents,
            giftCardCents,
          },
          { language: await mailLanguageOf(tx, order.userId) },
        );
        await enqueueMail(tx, { to: email, ...mail });
      }
    }
    await enqueueWebhookEvent(tx, "order.refunded", order.id, async () => ({
      ...(await orderWebhookResource(tx, order.id)),
      refund_id: refund.id,
      refund_cents: amount,
      credit_note_number: creditNote.number,
    }));
    return {
      refund: toOrderRefundView(refund),
      credit_note: {
        number: creditNote.number,
        total_cents: creditNote.totalCents,
        url: orderDocumentUrl("admin", order.id, { kind: "credit_note", number: creditNote.number }),
      },
      refundable_cents: refundable - amount,
      replayed: false,
    };
  });
  if (!result.replayed) kickOutbox();
  const provider = cardRefunds.length > 0 ? (input.provider ?? getPaymentProvider(db)) : null;
  for (const due of cardRefunds) {
    // After the commit, as for cancellations and returns: the key makes a retry harmless; a failure
    // is logged and the payment reconciliation's report shows the refund still owed.
    await provider!
      .refund({ paymentId: due.paymentId, amountCents: due.amountCents, idempotencyKey: due.key })
      .catch((error) => log.error({ err: error, paymentId: due.paymentId }, "refunds: card refund failed"));
  }
  return result;
}

/** An order's free-amount refunds and what is left to refund, for the back-office and the API. */
export async function getOrderRefunds(db: Database, orderId: string): Promise<OrderRefundsView | null> {
  if (!isUuid(orderId)) return null;
  const order = await getOrderRow(db, orderId);
  if (!order) return null;
  const refundable =
    RELEASED_STATUSES.has(order.status) || !REFUNDABLE_PAYMENT_STATUSES.has(order.paymentStatus) ? 0 : await paidSoFarCents(db, order);
  return { refunds: await listOrderRefunds(db, order.id), refundable_cents: refundable };
}
