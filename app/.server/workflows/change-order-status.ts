/**
 * Order status changes with their effects, in one transaction (decision 007).
 *
 * The administrator may move an order from any status to any other (as the old back-office
 * allowed); the shopper may only cancel their own order while it is pending and less than an
 * hour old. Whatever the path, each effect happens exactly once, because it is derived from
 * the pair (from, to) and from what the order row (locked FOR UPDATE) records:
 *   - stock is held by every status except cancelled and returned: leaving the held set gives
 *     the lines' stock back and the points spent on the order; entering it again takes both
 *     again (refused with 'Stock insuffisant' / 'Points insuffisants' when they are not there);
 *   - entering delivered credits the Beauty Pass points (orders.points_earned remembers it);
 *     leaving delivered takes them back.
 * Every change is recorded (who, when, from, to) and, in the same transaction, a notification
 * for the customer (delivered on commit by NOTIFY) and an e-mail (outbox) are written.
 *
 * Doing all of it in the status change's transaction means stock, points and messages can never
 * disagree with the order's status (docs/decisions/007-order-status-loyalty-notifications.md).
 */
import { eq } from "drizzle-orm";
import { enqueueWebhookEvent } from "~/.server/modules/webhooks/webhooks.service";
import { orderWebhookResource } from "~/.server/modules/webhooks/webhook-resources";
import type { Database, Executor } from "~/.server/db/client";
import { user, type OrderStatus } from "~/.server/db/schema";
import { invalidateCatalogCaches } from "~/.server/modules/catalog/catalog.service";
import { mailRestockedVariantAlerts } from "~/.server/modules/catalog/restock-alerts.service";
import { insufficientStockMessage, returnStock, takeStock } from "~/.server/modules/inventory/inventory.service";
import { snapshotStockComponents } from "~/domain/catalog/bundles";
import { refundOrderPoints, respendOrderPoints } from "~/.server/modules/loyalty/loyalty.service";
import { creditOrderPoints, reverseOrderPoints } from "./order-points";
import { hasRefundedReturn } from "~/.server/modules/returns/returns.service";
import { INSUFFICIENT_POINTS_MESSAGE } from "~/domain/loyalty/loyalty.rules";
import { hasOrderRefund } from "~/.server/modules/orders/order-refunds.service";
import { createNotification } from "~/.server/modules/notifications/notifications.service";
import { creditNoteReason } from "~/.server/modules/invoices/invoices.service";
import { issueOrderCreditNote } from "./invoices";
import { PROMO_RESTORE_REFUSED_MESSAGE, releaseOrderPromo, respendOrderPromo } from "~/.server/modules/promotions/promo-codes.service";
import {
  cancelGiftCardsBoughtBy,
  GIFT_CARD_REDEMPTION_MESSAGES,
  orderHasUsedGiftCards,
  refundOrderGiftCards,
  respendOrderGiftCards,
  restoreGiftCardsBoughtBy,
} from "~/.server/modules/gift-cards/gift-cards.service";
import { isCancellable, toOrderView, type OrderItemRow, type OrderRow } from "~/.server/modules/orders/order-view";
import { orderViewExtras } from "./order-views";
import {
  appendOrderStatus,
  listOrderItems,
  getOrderRow,
  lockOrder,
  ORDER_NOT_CANCELLABLE_MESSAGE,
  ORDER_NOT_FOUND_MESSAGE,
  setOrderStatus,
  type OrderShipment,
} from "~/.server/modules/orders/orders.service";
import { getPaymentProvider, type PaymentProvider } from "~/.server/modules/payments/payment-provider";
import { mailWording, renderMail, type MailWording } from "~/.server/mail/templates";
import type { Language } from "~/domain/i18n/languages";
import { orderPath } from "~/.server/mail/templates/layout";
import {
  cancelOpenInstalments,
  paidInstalments,
  paidSoFarCents,
  paymentSchedulesOf,
} from "~/.server/modules/payment-schedules/payment-schedules.service";
import { PAYMENT_STATUS_INSTALMENT_UNPAID, PAYMENT_STATUS_INSTALMENTS } from "~/domain/payments/instalments";
import { enqueueMail, enqueueSms, kickOutbox } from "~/.server/outbox/outbox.service";
import { readPreferences, smsRecipientOf } from "~/.server/modules/accounts/preferences.service";
import { orderSmsText } from "~/.server/sms/order-sms";
import { conflict, forbidden, invalid, notFound } from "~/domain/errors";
import { allows } from "~/domain/staff/permissions";
import { missingPermissionMessage } from "~/domain/staff/staff-messages";
import { checkRefundLimit, type StaffRefunder } from "./staff-refund-limit";
import { ORDER_STATUS_VALUES, orderStatusLabel, type OrderStatusValue, type OrderView } from "~/domain/orders/order.types";
import { lineName } from "~/domain/cart/line-name";
import { formatDate } from "~/lib/paris-time";
import { isUuid } from "~/lib/uuid";
import { CARRIER_RULES, ShipOrderSchema, trackingUrlOf, type Carrier } from "~/domain/orders/shipping-tracking";
import { log } from "../logger";
import { outboundShipmentOf } from "~/.server/modules/delivery/shipments.service";
import { brandOfProduct } from "~/domain/delivery/carrier-products";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import { recordAdminChangeBy } from "~/.server/outbox/events";
import { firstNameOfUser } from "~/.server/db/recipients";
import { holdOrderSamplesAgain, releaseOrderSamples } from "./order-samples";

export const INVALID_STATUS_MESSAGE = "Statut de commande invalide";

/** `admin`: the administrator as the activity log names them (decision 048); set on back-office and admin API changes. */
/**
 * Who changes the status. An administrator acting through an API key has no user id (the history
 * keeps no author; the activity log names the key): decision 049.
 */
export type StatusActor =
  { userId: string; role: "customer"; admin?: undefined } | { userId: string | null; role: "admin"; admin?: AdminActor };

/**
 * The order after the change. Refusals are thrown as DomainError (rolling the transaction back):
 * invalid_status (invalid), not_found, and the conflicts order_not_cancellable,
 * insufficient_stock, insufficient_points, promo_code_unavailable, insufficient_gift_card_balance.
 */
export type ChangeOrderStatusResult = { order: OrderView; changed: boolean; pointsCredited: number };

/** Statuses that do not hold stock: the goods are back (or never left). */
const RELEASED: ReadonlySet<string> = new Set(["cancelled", "returned"]);

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUS_VALUES as readonly string[]).includes(value);
}

const orderNotFound = () => notFound("not_found", ORDER_NOT_FOUND_MESSAGE);

/**
 * What a staff member's status change needs beyond `orders.write` (decision 066): marking an
 * order shipped is shipping it (`orders.ship`); cancelling or returning a paid order refunds it
 * whole, so the owner's refund limit applies to its total. Read before the transaction: the
 * second factor's re-check reads the database, and the locked re-read inside decides the rest.
 */
async function checkStaffStatusChange(db: Database, orderId: string, to: OrderStatus, staff: StaffRefunder): Promise<void> {
  if (to === "shipped" && !allows(staff.permissions, "orders.ship")) {
    throw forbidden("missing_permission", missingPermissionMessage("orders.ship"));
  }
  if (!RELEASED.has(to)) return;
  const order = await getOrderRow(db, orderId);
  if (!order || RELEASED.has(order.status)) return;
  if (order.paymentStatus !== "paid" && !PAID_IN_INSTALMENTS.has(order.paymentStatus)) return;
  await checkRefundLimit(db, order.totalCents, staff);
}

type StatusChange = { order: OrderRow; items: OrderItemRow[]; from: OrderStatus; to: OrderStatus; actor: StatusActor; now: Date };

export const ORDER_HAS_REFUNDED_RETURNS_MESSAGE =
  "Des articles de cette commande ont déjà été remboursés par un retour : traitez les articles restants par un retour.";

export const ORDER_HAS_REFUNDS_MESSAGE =
  "Un montant a déjà été remboursé sur cette commande : elle ne peut plus être annulée ou retournée en entier. Remboursez le reste par « Rembourser un montant ».";

export async function changeOrderStatus(
  db: Database,
  input: {
    orderId: string;
    newStatus: unknown;
    actor: StatusActor;
    now?: Date;
    provider?: PaymentProvider;
    shipment?: OrderShipment;
    /** A staff member's session (decision 066): shipping needs its permission, a whole-order refund its limit. */
    staff?: StaffRefunder;
  },
): Promise<ChangeOrderStatusResult> {
  const { actor } = input;
  const now = input.now ?? new Date();
  if (!isOrderStatus(input.newStatus)) throw invalid("invalid_status", INVALID_STATUS_MESSAGE);
  const to = input.newStatus;
  if (!isUuid(input.orderId)) throw orderNotFound();
  if (input.staff) await checkStaffStatusChange(db, input.orderId, to, input.staff);

  let refunds: CardRefund[] = [];
  const result = await db.transaction(async (tx): Promise<ChangeOrderStatusResult> => {
    // The lock makes concurrent changes of one order wait; each then sees the other's result.
    const order = await lockOrder(tx, input.orderId, actor.role === "admin" ? undefined : actor.userId);
    if (!order) throw orderNotFound();
    if (actor.role === "customer" && (to !== "cancelled" || !isCancellable(order, now))) {
      throw conflict("order_not_cancellable", ORDER_NOT_CANCELLABLE_MESSAGE);
    }
    if (input.shipment && (to !== "shipped" || !SHIPPABLE.has(order.status))) {
      throw conflict("order_not_shippable", orderNotShippableMessage(order.status));
    }
    const items = await listOrderItems(tx, order.id);
    if (order.status === to) {
      return { order: toOrderView(order, items, now, await orderViewExtras(tx, order)), changed: false, pointsCredited: 0 };
    }
    // A return already refunded part of it: a whole-order release would pay those lines twice.
    if (!RELEASED.has(order.status) && RELEASED.has(to) && (await hasRefundedReturn(tx, order.id))) {
      throw conflict("order_has_refunded_returns", ORDER_HAS_REFUNDED_RETURNS_MESSAGE);
    }
    // A free amount was already paid back (decision 052): a whole-order refund would pay it twice.
    if (!RELEASED.has(order.status) && RELEASED.has(to) && (await hasOrderRefund(tx, order.id))) {
      throw conflict("order_has_refunds", ORDER_HAS_REFUNDS_MESSAGE);
    }
    const change: StatusChange = { order, items, from: order.status, to, actor, now };
    let paymentStatus = order.paymentStatus;
    if (!RELEASED.has(change.from) && RELEASED.has(to)) paymentStatus = await releaseOrder(tx, change);
    else if (RELEASED.has(change.from) && !RELEASED.has(to)) paymentStatus = await holdOrderAgain(tx, change);
    const pointsCredited = await moveDeliveryPoints(tx, change);

    const updated = await setOrderStatus(tx, order.id, { status: to, paymentStatus, now, shipment: input.shipment });
    await appendOrderStatus(tx, { orderId: order.id, from: change.from, to, actorUserId: actor.userId, now });
    await recordAdminChangeBy(tx, actor.admin, {
      action: input.shipment ? "order.ship" : "order.status_change",
      entityType: "order",
      entityId: order.id,
      summary: `Commande ${order.orderNumber} : ${orderStatusLabel(change.from)} → ${orderStatusLabel(to)}`,
      before: { status: change.from, paymentStatus: order.paymentStatus },
      after: {
        status: to,
        paymentStatus,
        ...(input.shipment ? { carrier: input.shipment.carrier, trackingNumber: input.shipment.trackingNumber } : {}),
      },
    });
    refunds = await cardRefundsDue(tx, order, paymentStatus);
    const cardRefundCents = refunds.reduce((sum, r) => sum + r.amountCents, 0);
    await tellCustomer(tx, updated, items, { from: change.from, pointsCredited, now, cardRefundCents });
    await enqueueWebhookEvent(tx, "order.status_changed", order.id, async () => ({
      ...(await orderWebhookResource(tx, order.id)),
      previous_status: change.from,
    }));
    if (paymentStatus === "refunded" && order.paymentStatus !== "refunded")
      await enqueueWebhookEvent(tx, "order.refunded", order.id, () => orderWebhookResource(tx, order.id));
    return { order: toOrderView(updated, items, now, await orderViewExtras(tx, updated)), changed: true, pointsCredited };
  });
  if (result.changed) {
    // Stock shows on catalogue pages; the notification and e-mail leave once committed.
    invalidateCatalogCaches(db);
    kickOutbox();
    for (const refund of refunds) await refundCard(input.provider ?? getPaymentProvider(db), refund);
  }
  return result;
}

/** Statuses from which 'Expédier' sends the parcel. */
const SHIPPABLE: ReadonlySet<string> = new Set(["pending", "confirmed", "processing"]);

export function orderNotShippableMessage(status: string): string {
  return `Cette commande ne peut pas être expédiée : elle est ${inSentence(status)}`;
}

/**
 * 'Expédier': the carrier and tracking number, checked against the carrier's format, are kept
 * with the order as it moves to shipped, in the status change's transaction, so the notification
 * and the e-mail carry the tracking link. The plain status change to shipped stays possible for
 * parcels sent outside the shop's carriers (the old back-office flow), without tracking.
 */
export async function shipOrder(
  db: Database,
  input: { orderId: string; form: unknown; actor: StatusActor; now?: Date },
): Promise<ChangeOrderStatusResult> {
  // A parcel printed through 'Préparer l'expédition' ships with the carrier's number: none is typed (decision 062).
  const printed = await outboundShipmentOf(db, input.orderId);
  const brand = printed ? brandOfProduct(printed.productCode) : null;
  if (printed && brand) {
    return changeOrderStatus(db, {
      orderId: input.orderId,
      newStatus: "shipped",
      actor: input.actor,
      now: input.now,
      shipment: { carrier: brand, trackingNumber: printed.trackingNumber, trackingUrl: trackingUrlOf(brand, printed.trackingNumber) },
    });
  }
  const parsed = ShipOrderSchema.safeParse(input.form ?? {});
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "form")] ??= issue.message;
    throw invalid("invalid_shipment", parsed.error.issues[0]?.message ?? "Expédition invalide", { fieldErrors });
  }
  const { carrier, tracking_number } = parsed.data;
  return changeOrderStatus(db, {
    orderId: input.orderId,
    newStatus: "shipped",
    actor: input.actor,
    now: input.now,
    shipment: { carrier, trackingNumber: tracking_number, trackingUrl: trackingUrlOf(carrier, tracking_number) },
  });
}

/** What the order's lines hold, per variant (lines whose variant was deleted since hold nothing). */
function stockLines(items: readonly OrderItemRow[]) {
  return items.flatMap((i) =>
    i.variantId ? [{ variantId: i.variantId, quantity: i.quantity, ...snapshotStockComponents(i.productSnapshot) }] : [],
  );
}

/** Leaving the held set: stock, points, promo use and gift card amounts go back. Returns the payment status. */
async function releaseOrder(tx: Executor, { order, items, to, actor, now }: StatusChange): Promise<string> {
  const reason = to === "returned" ? "order_returned" : "order_cancelled";
  const returned = await returnStock(tx, stockLines(items), { orderId: order.id, actorUserId: actor.userId, reason });
  // Variants back in stock: their waiting restock alerts are mailed with this commit.
  await mailRestockedVariantAlerts(tx, returned);
  await refundOrderPoints(tx, order, to === "returned" ? "returned" : "cancelled", now);
  await releaseOrderSamples(tx, order.id, to, now); // free samples (decision 067)
  // The promo code's use is given back (docs/decisions/016-promo-codes.md).
  await releaseOrderPromo(tx, order.id, now);
  // Gift cards (docs/decisions/018-gift-cards.md): amounts paid with cards go back to them; cards bought stop working.
  if (actor.role === "customer" && (await orderHasUsedGiftCards(tx, order.id))) {
    throw conflict("order_not_cancellable", GIFT_CARD_REDEMPTION_MESSAGES.usedCardInOrder);
  }
  await refundOrderGiftCards(tx, order.id, now);
  await cancelGiftCardsBoughtBy(tx, order.id, now);
  // Paid in 3 (decision 035): what is still due is no longer charged; what was paid goes back.
  if (PAID_IN_INSTALMENTS.has(order.paymentStatus)) await cancelOpenInstalments(tx, order.id, now);
  else if (order.paymentStatus !== "paid") return order.paymentStatus;
  // The money goes back: a credit note of the whole invoice (docs/decisions/031-invoices.md).
  await issueOrderCreditNote(tx, { orderId: order.id, reason: creditNoteReason(to), now });
  return "refunded";
}

/** Entering the held set again: stock, points, promo use and gift card amounts are taken again, or refused. */
async function holdOrderAgain(tx: Executor, { order, items, actor, now }: StatusChange): Promise<string> {
  const taken = await takeStock(tx, stockLines(items), { orderId: order.id, actorUserId: actor.userId, reason: "order_restored" });
  if (!taken.ok) throw conflict("insufficient_stock", insufficientStockMessage(taken));
  await holdOrderSamplesAgain(tx, order.id, now); // free samples (decision 067)
  if (!(await respendOrderPoints(tx, order, now))) throw conflict("insufficient_points", INSUFFICIENT_POINTS_MESSAGE);
  if (!(await respendOrderPromo(tx, order.id))) throw conflict("promo_code_unavailable", PROMO_RESTORE_REFUSED_MESSAGE);
  // Gift cards: the cards pay their part again; cards bought work again.
  if (!(await respendOrderGiftCards(tx, order.id, now))) {
    throw conflict("insufficient_gift_card_balance", GIFT_CARD_REDEMPTION_MESSAGES.restoreBalance);
  }
  await restoreGiftCardsBoughtBy(tx, order.id);
  // The money went back when it was cancelled: it is due again.
  return order.paymentStatus === "refunded" ? "pending" : order.paymentStatus;
}

/**
 * Leaving delivered takes the delivery credit back, after any refund of spent points so that
 * points already spent are recovered from the refund rather than lost; entering it credits them.
 */
async function moveDeliveryPoints(tx: Executor, { order, from, to, now }: StatusChange): Promise<number> {
  if (from === "delivered") await reverseOrderPoints(tx, order, now);
  if (to !== "delivered") return 0;
  // Paid in 3: the points of what is paid so far; each later instalment adds its own (decision 035).
  const hasSchedule = ((await paymentSchedulesOf(tx, [order.id])).get(order.id)?.length ?? 0) > 0;
  if (!hasSchedule) return creditOrderPoints(tx, order, { now });
  const paid = await paidSoFarCents(tx, order);
  return creditOrderPoints(tx, order, { now, paid: { totalCents: paid, newCents: paid } });
}

/** Statuses of an order paid in 3 whose schedule still runs or failed. */
const PAID_IN_INSTALMENTS: ReadonlySet<string> = new Set([PAYMENT_STATUS_INSTALMENTS, PAYMENT_STATUS_INSTALMENT_UNPAID]);

type CardRefund = { paymentId: string; amountCents: number; key: string };

/**
 * The bank card is refunded what it paid (the total minus the gift cards' part) when the order
 * leaves "paid"; an order paid in 3 gets each paid instalment's charge back (decision 035).
 */
async function cardRefundsDue(tx: Executor, order: OrderRow, paymentStatus: string): Promise<CardRefund[]> {
  if (paymentStatus !== "refunded" || (order.paymentStatus !== "paid" && !PAID_IN_INSTALMENTS.has(order.paymentStatus))) return [];
  const instalments = await paidInstalments(tx, order.id);
  if (instalments.length > 0) {
    return instalments.flatMap((i) =>
      i.providerPaymentId && i.amountCents > 0
        ? [{ paymentId: i.providerPaymentId, amountCents: i.amountCents, key: `order-refund:${order.id}:${i.seq}` }]
        : [],
    );
  }
  const paymentId = (order.metadata as { payment?: { payment_id?: unknown } }).payment?.payment_id;
  const cardCents = order.totalCents - order.giftCardCents;
  if (typeof paymentId === "string" && cardCents > 0) return [{ paymentId, amountCents: cardCents, key: `order-refund:${order.id}` }];
  return [];
}

/** One refund per charge: an order leaves "paid" once, and the key makes a retry harmless. */
async function refundCard(provider: PaymentProvider, { paymentId, amountCents, key }: CardRefund) {
  await provider
    .refund({ paymentId, amountCents, idempotencyKey: key })
    .catch((error) => log.error({ err: error, paymentId }, "orders: refund failed"));
}

/** The shopper's own cancellation (pending and within the change window). */
export function cancelOwnOrder(
  db: Database,
  userId: string,
  orderId: string,
  now = new Date(),
  provider?: PaymentProvider,
): Promise<ChangeOrderStatusResult> {
  return changeOrderStatus(db, { orderId, newStatus: "cancelled", actor: { userId, role: "customer" }, now, provider });
}

/* -------------------------------------------------------------------------------------------- */
/* Telling the customer                                                                           */
/* -------------------------------------------------------------------------------------------- */

/** "livrée", "en préparation": the label inside a sentence. */
function inSentence(status: string): string {
  const label = orderStatusLabel(status);
  return label.charAt(0).toLowerCase() + label.slice(1);
}

async function tellCustomer(
  tx: Executor,
  order: OrderRow,
  items: OrderItemRow[],
  change: { from: string; pointsCredited: number; now: Date; cardRefundCents: number },
): Promise<void> {
  if (!order.userId) return; // the customer's account was deleted: the order is anonymised
  const view = toOrderView(order, items, change.now);
  const label = orderStatusLabel(order.status);
  const pointsLine = change.pointsCredited > 0 ? ` Vous avez gagné ${change.pointsCredited} points Beauty Pass.` : "";
  // Stored in French (the API's text); the pages word it in the reader's language from its
  // message key and values (decision 044).
  const trackingLine = trackingSentence(order, mailWording());
  const tracked = order.status === "shipped" && order.carrier && order.trackingNumber;
  await createNotification(tx, {
    userId: order.userId,
    type: "order_status",
    priority: order.status === "cancelled" || order.status === "delivered" ? "high" : "normal",
    title: `Commande ${view.number} ${inSentence(order.status)}`,
    message: `Le statut de votre commande ${view.number} est maintenant : ${label}.${pointsLine}${trackingLine ? ` ${trackingLine}` : ""}`,
    actionUrl: "/dashboard?tab=orders",
    messageKey: "orderStatus",
    params: {
      number: view.number,
      status: order.status,
      hasPoints: change.pointsCredited > 0 ? "yes" : "no",
      points: String(change.pointsCredited),
      hasTracking: tracked ? "yes" : "no",
      carrier: tracked ? (CARRIER_RULES[order.carrier as Carrier]?.label ?? order.carrier!) : "",
      trackingNumber: tracked ? order.trackingNumber! : "",
    },
    metadata: {
      new_status: order.status,
      old_status: change.from,
      order_id: order.id,
      points_credited: change.pointsCredited,
      ...(order.status === "shipped" && order.trackingUrl ? { tracking_url: order.trackingUrl } : {}),
    },
    createdAt: change.now,
  });

  const prefs = await readPreferences(tx, order.userId);
  // Shipping and delivery texts to those who turned SMS on (decision 043), whatever the e-mail
  // switch says, in the Préférences language (decision 044).
  const phone = await smsRecipientOf(tx, order.userId);
  const sms = phone
    ? orderSmsText(
        {
          status: order.status,
          orderNumber: view.number,
          carrierLabel: order.carrier ? (CARRIER_RULES[order.carrier as Carrier]?.label ?? order.carrier) : null,
          trackingNumber: order.trackingNumber,
          trackingUrl: order.trackingUrl,
        },
        mailWording(prefs.language),
      )
    : null;
  if (phone && sms) await enqueueSms(tx, { to: phone, text: sms });

  if (!prefs.emailOrderUpdates) return;
  let to = view.metadata.customer_info?.email;
  if (!to) {
    const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, order.userId));
    to = owner?.email;
  }
  if (!to) return;
  const firstName = (await firstNameOfUser(tx, order.userId)) ?? (order.shippingAddress?.first_name || null);
  await enqueueMail(tx, {
    to,
    ...(await statusMail(firstName, order, view, change.pointsCredited, change.cardRefundCents, prefs.timezone, prefs.language)),
  });
}

/** Dates in the zone the shopper chose (decision 043). */
function statusMail(
  firstName: string | null,
  order: OrderRow,
  view: OrderView,
  pointsCredited: number,
  cardRefundCents: number,
  timeZone: string,
  language: Language,
) {
  const m = mailWording(language);
  const lines = view.items.map((item) =>
    m.t("emails.orderConfirmation.line", {
      name: lineName(item.product_snapshot.name, item.product_snapshot.variant_label),
      quantity: item.quantity,
      total: m.price(item.total_price_cents),
    }),
  );
  const common = {
    firstName,
    orderNumber: view.number,
    orderDate: formatDate(order.createdAt, timeZone, m.locale),
    orderPath: orderPath(view.number),
    lines,
  };
  if (order.status === "cancelled") {
    return renderMail(
      "order-cancelled",
      {
        ...common,
        totalCents: view.total_cents,
        refunds: [
          // What the card gets back: with instalments, only what was paid so far (decision 035).
          ...(order.paymentStatus === "refunded" && cardRefundCents > 0
            ? [m.t("emails.orderCancelled.refundCard", { amount: m.price(cardRefundCents) })]
            : []),
          ...(order.giftCardCents > 0 ? [m.t("emails.orderCancelled.refundGiftCard", { amount: m.price(order.giftCardCents) })] : []),
          ...(order.pointsUsed > 0 ? [m.t("emails.orderCancelled.refundPoints", { count: order.pointsUsed })] : []),
        ],
      },
      { language },
    );
  }
  const tracking = trackingSentence(order, m);
  return renderMail(
    "order-status",
    {
      ...common,
      statusLabel: mailStatusLabel(order.status, m),
      tracking: tracking ? { sentence: tracking, url: order.trackingUrl } : null,
      pointsCredited,
      totalCents: view.total_cents,
    },
    { language },
  );
}

/** The status as the mail's language words it (the French labels are those of ORDER_STATUS_LABELS). */
function mailStatusLabel(status: string, m: MailWording): string {
  return (ORDER_STATUS_VALUES as readonly string[]).includes(status)
    ? m.t(`emails.orderStatus.${status as OrderStatusValue}`)
    : m.t("emails.orderStatus.unknown");
}

/** "Votre colis est confié à Colissimo, numéro de suivi 6A12345678901." for a shipped order with tracking. */
function trackingSentence(order: OrderRow, m: MailWording): string | null {
  if (order.status !== "shipped" || !order.carrier || !order.trackingNumber) return null;
  const carrier = CARRIER_RULES[order.carrier as Carrier]?.label ?? order.carrier;
  return m.t("emails.orderStatus.tracking", { carrier, number: order.trackingNumber });
}
