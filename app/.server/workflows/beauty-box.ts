/**
 * The Beauty Box (docs/decisions/071-beauty-box.md): subscribing and managing a subscription, the
 * monthly charge off session on the saved card, and each paid month's order.
 *
 * The charge follows the instalments (decision 035, decision 021): one row per (subscription,
 * month), claimed and committed before the provider is called, a new idempotency key per try,
 * tries after 1 and 3 days, then the month is unpaid and the subscriber told (notification and
 * e-mail in the transaction that records it). A row left `charging` by a dead process is settled
 * by asking the provider about its try's key. A paused, skipped or cancelled month is closed at
 * its claim, never charged.
 */
import type { Database, Executor } from "~/.server/db/client";
import type { BoxContentLine, OrderAddress } from "~/.server/db/schema";
import { firstNameOfUser, mailLanguageOf } from "~/.server/db/recipients";
import { log } from "~/.server/logger";
import { mailWording, renderMail } from "~/.server/mail/templates";
import { getAddress, listAddresses, resolveDeliveryAddress } from "~/.server/modules/addresses/addresses.service";
import {
  boxChargeKey,
  chargeOfMonth,
  claimDueCharges,
  claimStaleCharges,
  closePendingCharges,
  editionOf,
  insertSubscription,
  latestSubscriptionOf,
  listAdminCharges,
  listChargesOf,
  listSubscribers,
  lockCharge,
  lockOwnSubscription,
  markChargeDeclined,
  markChargePaid,
  openMonthCharges,
  releaseChargeTry,
  saveEdition,
  subscriptionById,
  updateSubscription,
  type BoxChargeWithOrder,
  type BoxSubscriptionRow,
  type ClaimedBoxCharge,
} from "~/.server/modules/beauty-box/beauty-box.service";
import { recordTakenStock, takeStock, type TakenStock } from "~/.server/modules/inventory/inventory.service";
import { createNotification } from "~/.server/modules/notifications/notifications.service";
import { addOrderItems, appendOrderStatus, createOrder, type NewOrderItem } from "~/.server/modules/orders/orders.service";
import { chargeableCardOf, listPaymentMethods } from "~/.server/modules/payment-methods/payment-methods.service";
import { getPaymentProvider, type PaymentProvider } from "~/.server/modules/payments/payment-provider";
import { getBoxPriceCents } from "~/.server/modules/settings/beauty-box-settings.service";
import { enqueueWebhookEvent } from "~/.server/modules/webhooks/webhooks.service";
import { orderWebhookResource } from "~/.server/modules/webhooks/webhook-resources";
import { enqueueMail, kickOutbox } from "~/.server/outbox/outbox.service";
import { recordAdminChangeBy } from "~/.server/outbox/events";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import { productVariants, products, user } from "~/.server/db/schema";
import { eq, inArray } from "drizzle-orm";
import { issueOrderInvoice } from "./invoices";
import { checkoutTaxOf, lineTaxOf, orderTaxOf, prepareTax, priceWithTax } from "./order-tax";
import {
  addMonths,
  BEAUTY_BOX_MAX_CONTENT_LINES,
  BEAUTY_BOX_MAX_TRIES,
  BEAUTY_BOX_TERRITORIES,
  BEAUTY_BOX_WITHDRAWAL_DAYS,
  firstDayOf,
  formatBoxMonth,
  type BoxChargeView,
  type BoxManageInput,
  type BoxSubscriptionView,
} from "~/domain/beauty-box/beauty-box";
import { conflict, invalid, isDomainError, notFound } from "~/domain/errors";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import type { PaymentMethodView } from "~/domain/payment-methods/payment-method.schema";
import type { SavedAddressView } from "~/domain/addresses/address.schema";
import { taxDestinationOf } from "~/domain/tax/destinations";
import { formatPrice } from "~/lib/money";
import { formatDate, parisDay } from "~/lib/paris-time";
import { isUuid } from "~/lib/uuid";

const currentMonthOf = (now: Date) => parisDay(now).slice(0, 7);
/** How far ahead a month can be skipped. */
const SKIP_AHEAD_MONTHS = 12;
const DEFAULT_GRACE_MS = 10 * 60 * 1000;
const BATCH = 50;

/* Shopper side ------------------------------------------------------------------------------- */

export type BoxPage = {
  price_cents: number;
  /** The month the next subscription's first box would be, and the day it is charged. */
  first_month: string;
  first_charge_day: string;
  withdrawal_days: number;
  subscription: BoxSubscriptionView | null;
  charges: BoxChargeView[];
  cards: PaymentMethodView[];
  addresses: SavedAddressView[];
};

function toView(row: BoxSubscriptionRow): BoxSubscriptionView {
  const a = row.shippingAddress;
  return {
    id: row.id,
    status: row.status,
    price_cents: row.priceCents,
    next_month: row.nextMonth,
    skipped_months: [...row.skippedMonths].sort(),
    payment_method_id: row.paymentMethodId,
    shipping_address: {
      first_name: a.first_name,
      last_name: a.last_name,
      street: a.street,
      postal_code: a.postal_code,
      city: a.city,
      country: a.country,
    },
    created_at: row.createdAt.toISOString(),
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
  };
}

const chargeView = (c: BoxChargeWithOrder): BoxChargeView => ({
  month: c.month,
  status: c.status,
  amount_cents: c.amountCents,
  tries: c.tries,
  order_id: c.orderId,
  order_number: c.orderNumber,
  last_error: c.lastError,
});

/** What the Beauty Box pages show: the offer, and for a signed-in shopper their subscription, cards and addresses. */
export async function boxPageOf(db: Database, userId: string | null, now = new Date()): Promise<BoxPage> {
  const firstMonth = addMonths(currentMonthOf(now), 1);
  const base = {
    price_cents: await getBoxPriceCents(db),
    first_month: firstMonth,
    first_charge_day: firstDayOf(firstMonth),
    withdrawal_days: BEAUTY_BOX_WITHDRAWAL_DAYS,
  };
  if (!userId) return { ...base, subscription: null, charges: [], cards: [], addresses: [] };
  const [subscription, cards, addresses] = await Promise.all([
    latestSubscriptionOf(db, userId),
    listPaymentMethods(db, userId, now),
    listAddresses(db, userId),
  ]);
  const charges = subscription ? await listChargesOf(db, [subscription.id]) : [];
  return {
    ...base,
    subscription: subscription ? toView(subscription) : null,
    charges: charges.map(chargeView),
    cards: cards.filter((c) => c.usable),
    addresses,
  };
}

/** The shopper's own saved card that can pay; none at all, or someone else's, each with its French message. */
async function ownCard(db: Executor, userId: string, paymentMethodId: string, now: Date): Promise<string> {
  const cards = await listPaymentMethods(db, userId, now);
  if (!cards.some((c) => c.usable)) throw invalid("box_no_saved_card", ACCOUNT_MESSAGES.boxNoSavedCard, { field: "payment_method_id" });
  try {
    return (await chargeableCardOf(db, userId, paymentMethodId, now)).id;
  } catch (error) {
    if (isDomainError(error) && error.kind === "not_found")
      throw invalid("box_card_not_yours", ACCOUNT_MESSAGES.boxCardNotYours, { field: "payment_method_id" });
    throw error;
  }
}

/** The shopper's own saved address, complete, in the French VAT territory (the box's delivery area). */
async function ownAddress(db: Executor, userId: string, addressId: string): Promise<OrderAddress> {
  if (!addressId) throw invalid("box_address_required", ACCOUNT_MESSAGES.boxAddressRequired, { field: "address_id" });
  if (!isUuid(addressId) || !(await getAddress(db, userId, addressId)))
    throw invalid("box_address_not_yours", ACCOUNT_MESSAGES.boxAddressNotYours, { field: "address_id" });
  const resolved = await resolveDeliveryAddress(db, userId, addressId);
  if (!resolved.ok) throw invalid("box_address_invalid", resolved.message, { field: "address_id" });
  const address = resolved.value.address;
  const destination = taxDestinationOf(address.country, address.postal_code);
  if (!destination || !(BEAUTY_BOX_TERRITORIES as readonly string[]).includes(destination.territory))
    throw invalid("box_address_outside_france", ACCOUNT_MESSAGES.boxAddressOutsideFrance, { field: "address_id" });
  return address;
}

export async function subscribeToBox(
  db: Database,
  input: { userId: string; paymentMethodId: string; addressId: string; acceptTerms: boolean; now?: Date },
): Promise<BoxSubscriptionView> {
  const now = input.now ?? new Date();
  const paymentMethodId = await ownCard(db, input.userId, input.paymentMethodId, now);
  const shippingAddress = await ownAddress(db, input.userId, input.addressId);
  if (!input.acceptTerms) throw invalid("box_terms_required", ACCOUNT_MESSAGES.boxTermsRequired, { field: "accept_terms" });
  const priceCents = await getBoxPriceCents(db);
  const nextMonth = addMonths(currentMonthOf(now), 1);
  const row = await db.transaction(async (tx) => {
    const created = await insertSubscription(tx, { userId: input.userId, paymentMethodId, shippingAddress, priceCents, nextMonth, now });
    if (!created) throw conflict("box_already_subscribed", ACCOUNT_MESSAGES.boxAlreadySubscribed);
    await mailSubscriber(tx, input.userId, "subscribed", { priceCents, month: nextMonth });
    return created;
  });
  kickOutbox();
  return toView(row);
}

/** One action of 'Ma Beauty Box' on the shopper's own subscription (another's reads as not found). */
export async function manageBox(db: Database, userId: string, input: BoxManageInput, now = new Date()): Promise<BoxSubscriptionView> {
  // Checked before the transaction: reads of the cards and addresses modules.
  const paymentMethodId = input.intent === "change_card" ? await ownCard(db, userId, input.payment_method_id, now) : null;
  const address = input.intent === "change_address" ? await ownAddress(db, userId, input.address_id) : null;
  const row = await db.transaction(async (tx) => {
    const sub = await lockOwnSubscription(tx, userId, input.subscription_id);
    if (!sub) throw notFound("box_subscription_not_found", ACCOUNT_MESSAGES.boxSubscriptionNotFound);
    if (sub.status === "cancelled") throw conflict("box_subscription_cancelled", ACCOUNT_MESSAGES.boxSubscriptionCancelled);
    const current = currentMonthOf(now);
    switch (input.intent) {
      case "skip": {
        const charge = await chargeOfMonth(tx, sub.id, input.month);
        if (charge && charge.status !== "pending" && charge.status !== "skipped")
          throw conflict("box_month_already_charged", ACCOUNT_MESSAGES.boxMonthAlreadyCharged, { field: "month" });
        const upcoming = input.month >= current && input.month <= addMonths(current, SKIP_AHEAD_MONTHS);
        if (!upcoming || (!charge && input.month < sub.nextMonth))
          throw invalid("box_month_not_upcoming", ACCOUNT_MESSAGES.boxMonthNotUpcoming, { field: "month" });
        if (charge) await closePendingCharges(tx, sub.id, "skipped", now, input.month);
        const skipped = [...new Set([...sub.skippedMonths.filter((m) => m >= current), input.month])].sort();
        return updateSubscription(tx, sub.id, { skippedMonths: skipped }, now);
      }
      case "unskip": {
        if (input.month < sub.nextMonth || !sub.skippedMonths.includes(input.month))
          throw invalid("box_month_not_upcoming", ACCOUNT_MESSAGES.boxMonthNotUpcoming, { field: "month" });
        return updateSubscription(tx, sub.id, { skippedMonths: sub.skippedMonths.filter((m) => m !== input.month) }, now);
      }
      case "pause": {
        if (sub.status === "paused") throw conflict("box_already_paused", ACCOUNT_MESSAGES.boxAlreadyPaused);
        await closePendingCharges(tx, sub.id, "skipped", now);
        return updateSubscription(tx, sub.id, { status: "paused", pausedAt: now }, now);
      }
      case "resume": {
        if (sub.status !== "paused") throw conflict("box_not_paused", ACCOUNT_MESSAGES.boxNotPaused);
        // The months of the pause are not charged afterwards: the next box is next month's.
        const next = addMonths(current, 1);
        return updateSubscription(
          tx,
          sub.id,
          { status: "active", pausedAt: null, nextMonth: sub.nextMonth > next ? sub.nextMonth : next },
          now,
        );
      }
      case "change_card":
        return updateSubscription(tx, sub.id, { paymentMethodId }, now);
      case "change_address":
        return updateSubscription(tx, sub.id, { shippingAddress: address! }, now);
      case "cancel": {
        await closePendingCharges(tx, sub.id, "cancelled", now);
        const cancelled = await updateSubscription(
          tx,
          sub.id,
          { status: "cancelled", cancelledAt: now, cancellationReason: input.reason?.trim() || null },
          now,
        );
        await mailSubscriber(tx, userId, "cancelled", { priceCents: sub.priceCents, month: sub.nextMonth });
        return cancelled;
      }
    }
  });
  if (input.intent === "cancel") kickOutbox();
  return toView(row);
}

async function mailSubscriber(
  tx: Executor,
  userId: string,
  kind: "subscribed" | "charged" | "unpaid" | "cancelled",
  input: { priceCents: number; month: string; orderNumber?: string },
): Promise<void> {
  const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!owner?.email) return;
  const m = mailWording(await mailLanguageOf(tx, userId));
  const mail = await renderMail(
    "beauty-box",
    {
      firstName: (await firstNameOfUser(tx, userId)) ?? null,
      kind,
      price: m.price(input.priceCents),
      month: formatBoxMonth(input.month, m.locale),
      firstChargeDate: formatDate(`${firstDayOf(input.month)}T12:00:00Z`, undefined, m.locale),
      withdrawalDays: BEAUTY_BOX_WITHDRAWAL_DAYS,
      ...(input.orderNumber ? { orderNumber: input.orderNumber } : {}),
    },
    { language: m.language },
  );
  await enqueueMail(tx, { to: owner.email, ...mail });
}

/* The monthly job ------------------------------------------------------------------------------- */

export type BoxRunResult = { opened: number; charged: number; retrying: number; failed: number; recovered: number; errors: number };

/**
 * One pass (hourly, claimed through job_runs): opens this month's rows for the subscriptions due,
 * then charges what is due. Safe to run on several instances at once: the rows are claimed.
 */
export async function chargeDueBoxes(
  db: Database,
  options: { provider?: PaymentProvider; now?: Date; graceMs?: number } = {},
): Promise<BoxRunResult> {
  const now = options.now ?? new Date();
  const provider = options.provider ?? getPaymentProvider(db);
  const result: BoxRunResult = { opened: 0, charged: 0, retrying: 0, failed: 0, recovered: 0, errors: 0 };

  const staleBefore = new Date(now.getTime() - (options.graceMs ?? DEFAULT_GRACE_MS));
  for (const row of await claimStaleCharges(db, { staleBefore, now, limit: BATCH })) {
    try {
      const found = await provider.findCharge(boxChargeKey(row));
      if (found) await settlePaid(db, provider, row, { paymentId: found.paymentId, brand: null, lastFour: null }, now);
      else await db.transaction((tx) => releaseChargeTry(tx, { id: row.id, tries: row.tries, now }));
      result.recovered += 1;
    } catch (error) {
      result.errors += 1;
      log.error({ err: error, boxChargeId: row.id }, "beauty-box: recovery failed");
    }
  }

  const month = currentMonthOf(now);
  for (;;) {
    const opened = await openMonthCharges(db, { month, now, limit: 200 });
    result.opened += opened;
    if (opened < 200) break;
  }

  for (;;) {
    const claimed = await claimDueCharges(db, { now, limit: BATCH });
    for (const row of claimed) {
      try {
        result[await chargeOne(db, provider, row, now)] += 1;
      } catch (error) {
        // Outcome unknown: the row stays `charging` and a later pass asks the provider.
        result.errors += 1;
        log.error({ err: error, boxChargeId: row.id }, "beauty-box: charge failed");
      }
    }
    if (claimed.length < BATCH) break;
  }
  if (result.charged + result.failed + result.retrying + result.recovered > 0) kickOutbox();
  return result;
}

type PaidCharge = { paymentId: string; brand: string | null; lastFour: string | null };

async function chargeOne(
  db: Database,
  provider: PaymentProvider,
  row: ClaimedBoxCharge,
  now: Date,
): Promise<"charged" | "retrying" | "failed"> {
  let token: string;
  try {
    token = (await chargeableCardOf(db, row.userId, row.paymentMethodId ?? "", now)).token;
  } catch (error) {
    if (!isDomainError(error)) throw error;
    // The card was removed (or has expired): nothing is sent to the provider; a removed card's
    // subscriber is asked for another at once, an expired one's by the unpaid month's notice.
    const removed = error.kind === "not_found";
    return settleDeclined(db, row, removed ? ACCOUNT_MESSAGES.boxCardRemoved : error.message, now, { cardMissing: removed });
  }
  const charged = await provider.charge({
    amountCents: row.amountCents,
    currency: "EUR",
    source: { type: "token", token },
    customerRef: row.userId,
    idempotencyKey: boxChargeKey(row),
    description: `Aurore, Beauty Box ${row.month}`,
  });
  if (charged.ok) {
    await settlePaid(db, provider, row, { paymentId: charged.paymentId, brand: charged.brand, lastFour: charged.lastFour }, now);
    return "charged";
  }
  if (charged.code === "authentication_required") {
    // Nobody is there to see a bank's dialog off session: it is closed, and the try counts as declined.
    const closed = await provider.completeAuthentication(charged.authenticationId, "failed");
    if (closed.status === "charged") {
      await settlePaid(db, provider, row, closed.charge, now);
      return "charged";
    }
    return settleDeclined(db, row, ACCOUNT_MESSAGES.instalmentPaymentNotCompleted, now);
  }
  return settleDeclined(db, row, charged.message, now);
}

/**
 * Paid: the month's order (paid, pending preparation), its lines, the edition's stock, its
 * invoice, in one transaction with the charge row locked. A row this try no longer holds (taken
 * over, or settled already): the money goes back unless it is this very payment.
 */
async function settlePaid(db: Database, provider: PaymentProvider, row: ClaimedBoxCharge, paid: PaidCharge, now: Date): Promise<void> {
  const kept = await db.transaction(async (tx) => {
    const locked = await lockCharge(tx, row.id);
    if (!locked) return false;
    if (locked.status === "paid") return locked.providerPaymentId === paid.paymentId;
    if (locked.status !== "charging" || locked.tries !== row.tries) return false;
    const sub = await subscriptionById(tx, row.subscriptionId);
    if (!sub) return false;
    const orderId = await writeBoxOrder(tx, sub, row, paid, now);
    return markChargePaid(tx, { id: row.id, tries: row.tries, orderId, paymentId: paid.paymentId, now });
  });
  if (kept) return;
  await provider
    .refund({ paymentId: paid.paymentId, amountCents: row.amountCents, idempotencyKey: `${boxChargeKey(row)}:refund` })
    .catch((error) => log.error({ err: error, paymentId: paid.paymentId }, "beauty-box: refund failed"));
}

/** The box order: French VAT on the box's price (the box ships in the French VAT territory only), delivery included. */
async function writeBoxOrder(tx: Executor, sub: BoxSubscriptionRow, row: ClaimedBoxCharge, paid: PaidCharge, now: Date): Promise<string> {
  const address = row.shippingAddress;
  const ctx = await prepareTax(tx, { address, business: null, productIds: [], now });
  if (!ctx) throw new Error("beauty-box: no VAT context for the subscription's address");
  const pricing = priceWithTax(ctx, [{ productId: null, unitCents: row.amountCents, quantity: 1 }]);
  const unit = pricing.unitCents(null, row.amountCents);
  const taxQuote = checkoutTaxOf(pricing, [{ productId: null, unitCents: unit, quantity: 1 }], 0, { points: 0, promo: 0 });
  const [owner] = await tx.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, sub.userId));
  const created = await createOrder(
    tx,
    {
      userId: sub.userId,
      status: "pending",
      paymentStatus: "paid",
      subtotalCents: unit,
      shippingCents: 0,
      taxCents: taxQuote.vat_cents,
      totalCents: unit,
      currency: "EUR",
      shippingAddress: address,
      billingAddress: address,
      shippingMethod: "free_shipping",
      deliveryMethod: "standard",
      tax: orderTaxOf(pricing),
      idempotencyKey: `beauty-box:${row.id}`,
      metadata: {
        customer_info: { email: owner?.email ?? "", name: owner?.name ?? "", phone: address.phone },
        order_source: "beauty_box",
        beauty_box: { subscription_id: sub.id, month: row.month, charge_id: row.id },
        payment: { provider: "beauty_box", payment_id: paid.paymentId, brand: paid.brand, last_four: paid.lastFour },
      },
      createdAt: now,
      updatedAt: now,
    },
    now,
  );
  if (created.kind === "replay") return created.orderId;
  const { orderId, number } = created;
  const lineTax = lineTaxOf(pricing, null);
  const edition = await editionOf(tx, row.month);
  const taken = await takeEditionStock(tx, edition?.contents ?? [], orderId);
  const items: NewOrderItem[] = [
    {
      productId: null,
      variantId: null,
      quantity: 1,
      unitPriceCents: unit,
      totalPriceCents: unit,
      vatRateBp: lineTax.rate_bp,
      taxRegime: lineTax.regime,
      productSnapshot: {
        name: `Beauty Box ${formatBoxMonth(row.month)}${edition?.title ? ` : ${edition.title}` : ""}`,
        price_cents: unit,
        brand: "Aurore",
        image_url: null,
        variant_label: null,
        sku: `BOX-${row.month}`,
      },
    },
    // The box's contents, priced in the box: listed for the picking and the parcel's documents.
    ...taken.map<NewOrderItem>((t) => ({
      productId: t.productId,
      variantId: t.variantId,
      quantity: t.quantity,
      unitPriceCents: 0,
      totalPriceCents: 0,
      vatRateBp: lineTax.rate_bp,
      taxRegime: lineTax.regime,
      productSnapshot: {
        name: t.name,
        price_cents: 0,
        brand: t.brand,
        image_url: t.imageUrl,
        variant_label: t.variantCount > 1 ? t.variantLabel : null,
        sku: t.sku,
      },
    })),
  ];
  await addOrderItems(tx, orderId, items);
  await appendOrderStatus(tx, { orderId, from: null, to: "pending", actorUserId: null, now });
  await issueOrderInvoice(tx, orderId, now);
  await enqueueWebhookEvent(tx, "order.created", orderId, () => orderWebhookResource(tx, orderId));
  await mailSubscriber(tx, sub.userId, "charged", { priceCents: unit, month: row.month, orderNumber: number });
  return orderId;
}

/**
 * The edition's contents taken from stock, all or nothing, in a savepoint: a paid box is never
 * lost for want of stock; short of it, the order goes on without its contents (the back-office's
 * picking list shows what is missing) and it is logged.
 */
async function takeEditionStock(tx: Executor, contents: readonly BoxContentLine[], orderId: string): Promise<TakenStock[]> {
  if (contents.length === 0) return [];
  const lines = contents.map((c) => ({ variantId: c.variant_id, quantity: c.quantity }));
  try {
    return await tx.transaction(async (sp) => {
      const take = await takeStock(sp, lines, { reason: "order", orderId, deferMovements: true });
      if (!take.ok) throw new StockShortError(take.variantId);
      await recordTakenStock(sp, take.taken, { reason: "order", orderId });
      return take.taken;
    });
  } catch (error) {
    if (!(error instanceof StockShortError)) throw error;
    log.warn({ orderId, variantId: error.variantId }, "beauty-box: stock short for the month's box");
    return [];
  }
}

class StockShortError extends Error {
  constructor(readonly variantId: string) {
    super("stock short");
  }
}

/** Declined (or no card): tried again later, or, after the last try, unpaid and told. */
async function settleDeclined(
  db: Database,
  row: ClaimedBoxCharge,
  message: string,
  now: Date,
  options: { cardMissing?: boolean } = {},
): Promise<"retrying" | "failed"> {
  return db.transaction(async (tx) => {
    const outcome = await markChargeDeclined(tx, { id: row.id, tries: row.tries, message, now });
    const monthLabel = `${row.month.slice(5)}/${row.month.slice(0, 4)}`;
    if (outcome === "failed") {
      await createNotification(tx, {
        userId: row.userId,
        type: "order",
        priority: "high",
        title: `Beauty Box de ${monthLabel} impayée`,
        message: `Votre Beauty Box de ${monthLabel} (${formatPrice(row.amountCents)}) n'a pas pu être prélevée après ${BEAUTY_BOX_MAX_TRIES} tentatives : choisissez une autre carte dans Ma Beauty Box.`,
        actionUrl: "/ma-beauty-box",
        messageKey: "beautyBoxUnpaid",
        params: { month: monthLabel, amountCents: String(row.amountCents), tries: String(BEAUTY_BOX_MAX_TRIES) },
        metadata: { box_charge_id: row.id, month: row.month },
        createdAt: now,
      });
      await mailSubscriber(tx, row.userId, "unpaid", { priceCents: row.amountCents, month: row.month });
      return "failed";
    }
    if (outcome === "retry" && options.cardMissing && row.tries === 1) {
      await createNotification(tx, {
        userId: row.userId,
        type: "order",
        priority: "high",
        title: "Beauty Box : choisissez une autre carte",
        message: ACCOUNT_MESSAGES.boxCardRemoved,
        actionUrl: "/ma-beauty-box",
        messageKey: "beautyBoxCardMissing",
        params: {},
        metadata: { box_charge_id: row.id, month: row.month },
        createdAt: now,
      });
    }
    return "retrying";
  });
}

/* Back-office ------------------------------------------------------------------------------------ */

export type BoxAdminOverview = {
  month: string;
  edition: { title: string; contents: (BoxContentLine & { name: string; sku: string; stock: number | null })[] };
  subscribers: Awaited<ReturnType<typeof listSubscribers>>;
  cancellations: Awaited<ReturnType<typeof listSubscribers>>;
  boxes: Awaited<ReturnType<typeof listAdminCharges>>;
  /** What the month's paid boxes need, per variant: the edition's quantities times the paid boxes. */
  picking: { variant_id: string; name: string; sku: string; quantity: number; stock: number | null }[];
  failed: Awaited<ReturnType<typeof listAdminCharges>>;
  retrying: Awaited<ReturnType<typeof listAdminCharges>>;
};

export async function boxAdminOverview(db: Database, month: string): Promise<BoxAdminOverview> {
  const [edition, subscribers, cancellations, boxes, failed, retrying] = await Promise.all([
    editionOf(db, month),
    listSubscribers(db, { status: "open", limit: 500 }),
    listSubscribers(db, { status: "cancelled", limit: 200 }),
    listAdminCharges(db, { month }),
    listAdminCharges(db, { status: "failed" }),
    listAdminCharges(db, { status: "retrying" }),
  ]);
  const contents = edition?.contents ?? [];
  const variants = await variantsByIds(
    db,
    contents.map((c) => c.variant_id),
  );
  const detailed = contents.map((c) => ({
    ...c,
    name: variants.get(c.variant_id)?.name ?? "",
    sku: variants.get(c.variant_id)?.sku ?? "",
    stock: variants.get(c.variant_id)?.stock ?? null,
  }));
  const paidBoxes = boxes.filter((b) => b.status === "paid").length;
  return {
    month,
    edition: { title: edition?.title ?? "", contents: detailed },
    subscribers,
    cancellations,
    boxes,
    picking: detailed.map((c) => ({
      variant_id: c.variant_id,
      name: c.name,
      sku: c.sku,
      quantity: c.quantity * paidBoxes,
      stock: c.stock,
    })),
    failed,
    retrying,
  };
}

async function variantsByIds(db: Executor, ids: readonly string[]): Promise<Map<string, { name: string; sku: string; stock: number }>> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return new Map();
  const rows = await db
    .select({
      id: productVariants.id,
      sku: productVariants.sku,
      stock: productVariants.stockQuantity,
      name: products.name,
      label: productVariants.label,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, valid));
  return new Map(rows.map((r) => [r.id, { name: r.label ? `${r.name} (${r.label})` : r.name, sku: r.sku, stock: r.stock }]));
}

/** The back-office's editor of a month's box: each line a variant of the catalogue (by id or SKU) and a quantity. */
export async function saveBoxEdition(
  db: Database,
  input: { month: string; title: string; lines: { variant: string; quantity: number }[] },
  actor?: AdminActor,
  now = new Date(),
): Promise<void> {
  const lines = input.lines.filter((l) => l.variant.trim() !== "" && l.quantity > 0).slice(0, BEAUTY_BOX_MAX_CONTENT_LINES);
  const contents: BoxContentLine[] = [];
  for (const line of lines) {
    const key = line.variant.trim();
    const [variant] = await db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(isUuid(key) ? eq(productVariants.id, key) : eq(productVariants.sku, key));
    if (!variant) throw invalid("box_edition_variant_not_found", ACCOUNT_MESSAGES.boxEditionVariantNotFound, { field: "variant_id" });
    const existing = contents.find((c) => c.variant_id === variant.id);
    if (existing) existing.quantity += line.quantity;
    else contents.push({ variant_id: variant.id, quantity: line.quantity });
  }
  await db.transaction(async (tx) => {
    const before = await editionOf(tx, input.month);
    const saved = await saveEdition(tx, { month: input.month, title: input.title, contents, now });
    await recordAdminChangeBy(tx, actor, {
      action: "beauty_box.edition_update",
      entityType: "beauty_box",
      entityId: input.month,
      summary: `Box de ${formatBoxMonth(input.month)} : ${contents.length} produit(s)${input.title ? `, « ${input.title} »` : ""}`,
      before: before ? { title: before.title, contents: before.contents } : null,
      after: { title: saved.title, contents: saved.contents },
    });
  });
}
