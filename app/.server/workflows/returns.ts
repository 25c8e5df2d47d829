/**
 * Returns (docs/decisions/033-returns.md). Requesting: the shopper's delivered order, within
 * RETURNS_DAYS of delivery, some units of its product lines (never more than bought, counting
 * earlier requests: the order row is locked, so two requests at once are counted one after the
 * other). Receiving: the administrator accepts or refuses each line, and the accepted lines are
 * refunded in the same transaction: a credit note for them (its total is the refund), the gift
 * cards' share back on the gift cards, the spent points' share given back, the points those lines
 * earned taken back, the units restocked, the e-mail and the notification queued. The card's
 * share is refunded through the PaymentProvider right after the commit, with one key per return.
 */
import type { Database, Executor } from "~/.server/db/client";
import { enqueueWebhookEvent } from "~/.server/modules/webhooks/webhooks.service";
import { orderWebhookResource } from "~/.server/modules/webhooks/webhook-resources";
import { mailWording, renderMail } from "~/.server/mail/templates";
import { orderPath } from "~/.server/mail/templates/layout";
import { enqueueMail, kickOutbox } from "~/.server/outbox/outbox.service";
import { createNotification } from "~/.server/modules/notifications/notifications.service";
import { returnStock } from "~/.server/modules/inventory/inventory.service";
import { snapshotStockComponents } from "~/domain/catalog/bundles";
import { issueOrderCreditNote } from "./invoices";
import { refundGiftCardsUpTo } from "~/.server/modules/gift-cards/gift-cards.service";
import { settleReturnPoints } from "~/.server/modules/loyalty/loyalty.service";
import {
  addOrderRefund,
  deliveredAtOf,
  listOrderItems,
  lockOrder,
  ORDER_NOT_FOUND_MESSAGE,
  reduceOrderPointsEarned,
} from "~/.server/modules/orders/orders.service";
import { getPaymentProvider, type PaymentProvider } from "~/.server/modules/payments/payment-provider";
import {
  paidInstalments,
  reduceOpenInstalments,
  schedulePaymentStatus,
} from "~/.server/modules/payment-schedules/payment-schedules.service";
import { setOrderPaymentStatus } from "~/.server/modules/orders/orders.service";
import { PAYMENT_STATUS_INSTALMENT_UNPAID, PAYMENT_STATUS_INSTALMENTS } from "~/domain/payments/instalments";
import {
  createReturn,
  drawnReturnLabelPdf,
  returnLabelFacts,
  getReturnView,
  listReturnItems,
  lockReturn,
  recordReception,
  requestedQuantities,
} from "~/.server/modules/returns/returns.service";
import { getShopIdentity } from "~/.server/modules/settings/shop-identity.service";
import { carrierReturnLabel } from "./shipments";
import { conflict, forbidden, invalid, notFound } from "~/domain/errors";
import { lineName } from "~/domain/cart/line-name";
import { pointsEarnedFor } from "~/domain/loyalty/loyalty.rules";
import {
  isReturnable,
  RETURN_ALREADY_RECEIVED_MESSAGE,
  RETURN_DECISIONS_MESSAGE,
  RETURN_GIFT_CARD_MESSAGE,
  RETURN_NOT_ALLOWED_MESSAGE,
  RETURN_NOT_FOUND_MESSAGE,
  RETURN_QUANTITY_MESSAGE,
  RETURN_REFUSAL_REASONS,
  ReturnReceptionSchema,
  ReturnRequestSchema,
  type ReturnView,
} from "~/domain/returns/returns";
import { SECOND_FACTOR_AGAIN_MESSAGE } from "~/domain/staff/staff-messages";
import { checkRefundLimit } from "./staff-refund-limit";
import { formatPrice } from "~/lib/money";
import { isUuid } from "~/lib/uuid";
import { RETURN_REFUND_MAX_DAYS } from "~/lib/shop-rules";
import type { z } from "zod";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import { recordAdminChangeBy } from "~/.server/outbox/events";
import { log } from "../logger";
import { firstNameOfUser, mailLanguageOf } from "~/.server/db/recipients";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

function firstIssue(error: z.ZodError, code: string): never {
  const issue = error.issues[0];
  const field = issue?.path[0] !== undefined ? String(issue.path[0]) : undefined;
  throw invalid(code, issue?.message ?? SHOP_MESSAGES.invalidRequest2, field ? { field } : {});
}

function customerEmail(metadata: unknown): string | null {
  return (metadata as { customer_info?: { email?: string } } | null)?.customer_info?.email ?? null;
}

/* -------------------------------------------------------------------------------------------- */
/* Requesting a return                                                                            */
/* -------------------------------------------------------------------------------------------- */

export async function requestReturn(
  db: Database,
  input: { userId: string; orderId: string; body: unknown; now?: Date },
): Promise<ReturnView> {
  const now = input.now ?? new Date();
  if (!isUuid(input.orderId)) throw notFound("order_not_found", ORDER_NOT_FOUND_MESSAGE);
  const parsed = ReturnRequestSchema.safeParse(input.body ?? {});
  if (!parsed.success) firstIssue(parsed.error, "invalid_return");
  const request = parsed.data;
  const id = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId, input.userId);
    if (!order) throw notFound("order_not_found", ORDER_NOT_FOUND_MESSAGE);
    const deliveredAt = await deliveredAtOf(tx, order.id);
    if (!isReturnable({ status: order.status, delivered_at: deliveredAt?.toISOString() ?? null }, now)) {
      throw conflict("return_not_allowed", RETURN_NOT_ALLOWED_MESSAGE);
    }
    const items = new Map((await listOrderItems(tx, order.id)).map((i) => [i.id, i]));
    const wanted = new Map<string, number>();
    for (const line of request.lines) wanted.set(line.order_item_id, (wanted.get(line.order_item_id) ?? 0) + line.quantity);
    const already = await requestedQuantities(tx, order.id);
    for (const [orderItemId, quantity] of wanted) {
      const item = items.get(orderItemId);
      if (!item) throw invalid("invalid_return", "Article invalide", { field: "lines" });
      if (!item.productId) throw invalid("gift_card_not_returnable", RETURN_GIFT_CARD_MESSAGE, { field: "lines" });
      if (quantity + (already.get(orderItemId) ?? 0) > item.quantity) {
        throw invalid("return_quantity_exceeded", RETURN_QUANTITY_MESSAGE, { field: "lines" });
      }
    }
    const ret = await createReturn(tx, {
      orderId: order.id,
      userId: input.userId,
      reason: request.reason,
      comment: request.comment || null,
      lines: [...wanted].map(([orderItemId, quantity]) => ({ orderItemId, quantity })),
      now,
    });
    await enqueueWebhookEvent(tx, "return.created", ret.id, {
      id: ret.id,
      number: ret.number,
      order_id: order.id,
      order_number: order.orderNumber,
      reason: request.reason,
      lines: request.lines,
    });
    const email = customerEmail(order.metadata);
    if (email) {
      const language = await mailLanguageOf(tx, input.userId);
      const m = mailWording(language);
      const lines = [...wanted].map(([orderItemId, quantity]) => {
        const item = items.get(orderItemId)!;
        return m.t("emails.lines.returnLine", {
          name: lineName(item.productSnapshot.name, item.productSnapshot.variant_label ?? null),
          quantity,
        });
      });
      const mail = await renderMail(
        "return-requested",
        {
          firstName: await firstNameOfUser(tx, input.userId),
          returnNumber: ret.number,
          orderNumber: order.orderNumber,
          ordersPath: orderPath(order.orderNumber),
          lines,
          refundMaxDays: RETURN_REFUND_MAX_DAYS,
        },
        { language },
      );
      await enqueueMail(tx, { to: email, ...mail });
    }
    await createNotification(tx, {
      userId: input.userId,
      type: "order",
      title: `Retour ${ret.number} enregistré`,
      message: `Votre retour pour la commande ${order.orderNumber} est enregistré. Téléchargez l'étiquette prépayée depuis Mes commandes.`,
      actionUrl: "/dashboard?tab=orders",
      messageKey: "returnRequested",
      params: { returnNumber: ret.number, orderNumber: order.orderNumber },
      metadata: { return_id: ret.id, order_id: order.id },
      createdAt: now,
    });
    return ret.id;
  });
  kickOutbox();
  const view = await getReturnView(db, id, "shopper", input.userId);
  if (!view) throw new Error(`return ${id} vanished`);
  return view;
}

/* -------------------------------------------------------------------------------------------- */
/* Receiving and refunding                                                                        */
/* -------------------------------------------------------------------------------------------- */

type CardRefund = { paymentId: string; amountCents: number; key: string };

export async function receiveReturn(
  db: Database,
  input: {
    returnId: string;
    body: unknown;
    actorUserId: string | null;
    provider?: PaymentProvider;
    now?: Date;
    actor?: AdminActor;
    /**
     * A staff member's session (decision 066): receiving refunds the accepted lines up to the
     * owner's limit; above it, a role that refunds without limit, having passed the second
     * factor within 15 minutes (read before the transaction).
     */
    staff?: { permissions: readonly string[]; recentSecondFactor: boolean };
  },
): Promise<ReturnView> {
  const now = input.now ?? new Date();
  const parsed = ReturnReceptionSchema.safeParse(input.body ?? {});
  if (!parsed.success) firstIssue(parsed.error, "invalid_reception");
  const decisions = parsed.data.lines;
  let cardRefunds: CardRefund[] = [];
  const id = await db.transaction(async (tx) => {
    const ret = await lockReturn(tx, input.returnId);
    if (!ret) throw notFound("return_not_found", RETURN_NOT_FOUND_MESSAGE);
    if (ret.status !== "requested") throw conflict("return_already_received", RETURN_ALREADY_RECEIVED_MESSAGE);
    const order = await lockOrder(tx, ret.orderId);
    if (!order) throw notFound("order_not_found", ORDER_NOT_FOUND_MESSAGE);
    const items = await listReturnItems(tx, ret.id);
    const byId = new Map(decisions.map((d) => [d.return_item_id, d]));
    if (byId.size !== items.length || items.some((i) => !byId.has(i.id))) {
      throw invalid("invalid_reception", RETURN_DECISIONS_MESSAGE, { field: "lines" });
    }
    const accepted = items.filter((i) => byId.get(i.id)!.accepted);
    const refund = accepted.length > 0 ? await refundAccepted(tx, { order, ret, accepted, actorUserId: input.actorUserId, now }) : null;
    // Thrown here, the refund's rows roll back; cards are only refunded after the commit.
    if (input.staff && refund) {
      // Receiving refunds what the received lines cost (the shop's amount, not a typed one), so
      // `returns.receive` counts as `refunds.write` against the owner's limit.
      const { permissions, recentSecondFactor } = input.staff;
      await checkRefundLimit(tx, refund.totalCents, {
        permissions: [...permissions, "refunds.write"],
        confirmSecondFactor: async () => {
          if (!recentSecondFactor) throw forbidden("second_factor_required", SECOND_FACTOR_AGAIN_MESSAGE);
        },
      });
    }
    await recordReception(tx, {
      returnId: ret.id,
      decisions: items.map((i) => ({
        returnItemId: i.id,
        accepted: byId.get(i.id)!.accepted,
        refusalReason: byId.get(i.id)!.refusal_reason ?? null,
      })),
      refund: refund ?? { totalCents: 0, cardCents: 0, giftCardCents: 0, pointsRestored: 0, pointsReversed: 0 },
      creditNoteNumber: refund?.creditNoteNumber ?? null,
      receivedBy: input.actorUserId,
      now,
    });
    await recordAdminChangeBy(tx, input.actor, {
      action: "return.receive",
      entityType: "return",
      entityId: ret.id,
      summary: `Retour ${ret.number} (commande ${order.orderNumber}) reçu : ${accepted.length}/${items.length} article(s) accepté(s)${
        refund ? `, ${formatPrice(refund.totalCents)} remboursés` : ""
      }`,
      before: { status: ret.status },
      after: {
        status: "received",
        decisions: items.map((i) => ({ returnItemId: i.id, ...byId.get(i.id)! })),
        refundCents: refund?.totalCents ?? 0,
        creditNoteNumber: refund?.creditNoteNumber ?? null,
      },
    });
    const paymentId = (order.metadata as { payment?: { payment_id?: unknown } }).payment?.payment_id;
    if (refund?.charges) {
      cardRefunds = refund.charges.map((c) => ({ ...c, key: `return-refund:${ret.id}:${c.seq}` }));
    } else if (refund && refund.cardCents > 0 && typeof paymentId === "string") {
      cardRefunds = [{ paymentId, amountCents: refund.cardCents, key: `return-refund:${ret.id}` }];
    }
    await tellCustomer(tx, { order, ret, items, byId, refund, now });
    if (refund && refund.totalCents > 0)
      await enqueueWebhookEvent(tx, "order.refunded", order.id, async () => ({
        ...(await orderWebhookResource(tx, order.id)),
        return_id: ret.id,
        refund_cents: refund.totalCents,
      }));
    return ret.id;
  });
  kickOutbox();
  for (const due of cardRefunds) {
    // After the commit, as for cancellations: the key makes a retry harmless; a failure is logged
    // and the payment reconciliation's report shows the refund still owed.
    await (input.provider ?? getPaymentProvider(db))
      .refund({ paymentId: due.paymentId, amountCents: due.amountCents, idempotencyKey: due.key })
      .catch((error) => log.error({ err: error, paymentId: due.paymentId }, "returns: card refund failed"));
  }
  const view = await getReturnView(db, id, "admin");
  if (!view) throw new Error(`return ${id} vanished`);
  return view;
}

type OrderRow = NonNullable<Awaited<ReturnType<typeof lockOrder>>>;
type ReturnRow = NonNullable<Awaited<ReturnType<typeof lockReturn>>>;
type ReturnItemRow = Awaited<ReturnType<typeof listReturnItems>>[number];
type Refund = {
  totalCents: number;
  cardCents: number;
  giftCardCents: number;
  pointsRestored: number;
  pointsReversed: number;
  creditNoteNumber: string;
  /** Paid in 3: taken off the instalments still due rather than refunded (decision 035). */
  reducedCents: number;
  /** Paid in 3: the paid instalments' charges refunded, each its own provider refund. */
  charges: { seq: number; paymentId: string; amountCents: number }[] | null;
};

async function refundAccepted(
  tx: Executor,
  input: { order: OrderRow; ret: ReturnRow; accepted: ReturnItemRow[]; actorUserId: string | null; now: Date },
): Promise<Refund> {
  const { order, ret, accepted, now } = input;
  // The credit note prices the lines with their share of the order's discounts: its total is the refund.
  const creditNote = await issueOrderCreditNote(tx, {
    orderId: order.id,
    lines: accepted.map((i) => ({ orderItemId: i.orderItemId, quantity: i.quantity })),
    reason: `Retour ${ret.number}`,
    now,
  });
  const total = Math.min(creditNote.totalCents, order.totalCents - order.refundedCents);
  const giftShare = order.totalCents > 0 ? Math.round((total * order.giftCardCents) / order.totalCents) : 0;
  const giftCardCents = giftShare > 0 ? await refundGiftCardsUpTo(tx, order.id, giftShare, now) : 0;
  const card = await refundCardShare(tx, order, total - giftCardCents, now);
  const cardCents = card.cardCents;

  const orderItems = new Map((await listOrderItems(tx, order.id)).map((i) => [i.id, i]));
  const merchandise = [...orderItems.values()].filter((i) => i.productId).reduce((sum, i) => sum + i.totalPriceCents, 0);
  const returnedMerchandise = accepted.reduce((sum, i) => sum + (orderItems.get(i.orderItemId)?.unitPriceCents ?? 0) * i.quantity, 0);
  const restore = merchandise > 0 ? Math.floor((order.pointsUsed * returnedMerchandise) / merchandise) : 0;
  // Points were earned on what was paid: only what is paid back takes them back.
  const reverse = Math.min(order.pointsEarned, pointsEarnedFor(total - card.reducedCents));
  const points = order.userId
    ? await settleReturnPoints(tx, { userId: order.userId, orderId: order.id, returnNumber: ret.number, restore, reverse, now })
    : { restored: 0, reversed: 0 };
  await reduceOrderPointsEarned(tx, order.id, points.reversed);

  await returnStock(
    tx,
    accepted.flatMap((i) => {
      const item = orderItems.get(i.orderItemId);
      return item?.variantId ? [{ variantId: item.variantId, quantity: i.quantity, ...snapshotStockComponents(item.productSnapshot) }] : [];
    }),
    { reason: "order_returned", orderId: order.id, actorUserId: input.actorUserId, note: `Retour ${ret.number}` },
  );
  await addOrderRefund(tx, order.id, total, now);
  return {
    totalCents: total,
    cardCents,
    giftCardCents,
    pointsRestored: points.restored,
    pointsReversed: points.reversed,
    creditNoteNumber: creditNote.number,
    reducedCents: card.reducedCents,
    charges: card.charges,
  };
}

/**
 * The card's share of a refund. Paid in 3 (decision 035): first taken off the instalments still
 * due (the latest first), then refunded on the paid instalments' charges (the latest first, each
 * at most what is left of it to refund).
 */
export async function refundCardShare(
  tx: Executor,
  order: OrderRow,
  cents: number,
  now: Date,
): Promise<{ cardCents: number; reducedCents: number; charges: Refund["charges"] }> {
  if (order.paymentStatus !== PAYMENT_STATUS_INSTALMENTS && order.paymentStatus !== PAYMENT_STATUS_INSTALMENT_UNPAID) {
    const paid = await paidInstalments(tx, order.id);
    if (paid.length === 0) return { cardCents: cents, reducedCents: 0, charges: null };
  }
  const reducedCents = await reduceOpenInstalments(tx, order.id, cents, now);
  let left = cents - reducedCents;
  const charges: { seq: number; paymentId: string; amountCents: number }[] = [];
  for (const paid of await paidInstalments(tx, order.id)) {
    const amount = Math.min(left, paid.amountCents);
    if (amount > 0 && paid.providerPaymentId) {
      charges.push({ seq: paid.seq, paymentId: paid.providerPaymentId, amountCents: amount });
      left -= amount;
    }
  }
  const status = await schedulePaymentStatus(tx, order.id);
  if (status && status !== order.paymentStatus) await setOrderPaymentStatus(tx, order.id, status, now);
  return { cardCents: cents - reducedCents, reducedCents, charges };
}

async function tellCustomer(
  tx: Executor,
  input: {
    order: OrderRow;
    ret: ReturnRow;
    items: ReturnItemRow[];
    byId: Map<string, { accepted: boolean; refusal_reason?: keyof typeof RETURN_REFUSAL_REASONS }>;
    refund: Refund | null;
    now: Date;
  },
): Promise<void> {
  const { order, ret, refund } = input;
  if (!order.userId) return;
  const orderItems = new Map((await listOrderItems(tx, order.id)).map((i) => [i.id, i]));
  const language = await mailLanguageOf(tx, order.userId);
  const m = mailWording(language);
  const lines = input.items.map((i) => {
    const item = orderItems.get(i.orderItemId);
    const name = item ? lineName(item.productSnapshot.name, item.productSnapshot.variant_label ?? null) : m.t("emails.lines.unknownItem");
    const decision = input.byId.get(i.id)!;
    if (decision.accepted) return m.t("emails.lines.returnAccepted", { name, quantity: i.quantity });
    const reason =
      decision.refusal_reason && Object.hasOwn(RETURN_REFUSAL_REASONS, decision.refusal_reason) ? decision.refusal_reason : "other";
    return m.t("emails.lines.returnRefused", { name, quantity: i.quantity, reason: m.t(`emails.lines.refusal.${reason}`) });
  });
  const money = refund
    ? [
        m.t("emails.lines.refundTotal", { amount: m.price(refund.totalCents) }),
        ...(refund.cardCents > 0 ? [m.t("emails.lines.refundCard", { amount: m.price(refund.cardCents) })] : []),
        ...(refund.reducedCents > 0 ? [m.t("emails.lines.refundInstalments", { amount: m.price(refund.reducedCents) })] : []),
        ...(refund.giftCardCents > 0 ? [m.t("emails.lines.refundGiftCard", { amount: m.price(refund.giftCardCents) })] : []),
        ...(refund.pointsRestored > 0 ? [m.t("emails.lines.pointsRestored", { count: refund.pointsRestored })] : []),
        ...(refund.pointsReversed > 0 ? [m.t("emails.lines.pointsReversed", { count: refund.pointsReversed })] : []),
        m.t("emails.lines.creditNote", { number: refund.creditNoteNumber }),
      ]
    : [m.t("emails.lines.nothingRefunded")];
  await createNotification(tx, {
    userId: order.userId,
    type: "order",
    priority: "high",
    title: refund ? `Retour ${ret.number} remboursé` : `Retour ${ret.number} refusé`,
    message: refund
      ? `Votre retour ${ret.number} est réceptionné : ${formatPrice(refund.totalCents)} vous sont remboursés.`
      : `Votre retour ${ret.number} est réceptionné, mais ses articles n'ont pas pu être acceptés.`,
    actionUrl: "/dashboard?tab=orders",
    ...(refund
      ? { messageKey: "returnRefunded" as const, params: { returnNumber: ret.number, amountCents: String(refund.totalCents) } }
      : { messageKey: "returnRefused" as const, params: { returnNumber: ret.number } }),
    metadata: { return_id: ret.id, order_id: order.id },
    createdAt: input.now,
  });
  const email = customerEmail(order.metadata);
  if (!email) return;
  const mail = await renderMail(
    "return-received",
    {
      firstName: await firstNameOfUser(tx, order.userId),
      returnNumber: ret.number,
      orderNumber: order.orderNumber,
      ordersPath: orderPath(order.orderNumber),
      lines,
      money,
    },
    { language },
  );
  await enqueueMail(tx, { to: email, ...mail });
}

/**
 * A return's prepaid label as a PDF (null: not the viewer's, or no such return). A real carrier
 * prints it, once, and the shop keeps it (decision 062); the demonstration's is drawn by the shop
 * to the returns address Paramètres hold.
 */
export async function returnLabelPdf(db: Database, returnId: string, viewer: { userId: string } | "admin") {
  const facts = await returnLabelFacts(db, returnId, viewer);
  if (!facts) return null;
  const printed = await carrierReturnLabel(db, facts);
  return printed ?? drawnReturnLabelPdf(facts, await getShopIdentity(db));
}
