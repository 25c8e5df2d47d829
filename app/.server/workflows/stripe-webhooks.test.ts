/**
 * Stripe's webhook (decision 059, "Webhooks") against the local Stripe-compatible server, through
 * the real SDK and signed deliveries: verified, handled once per event (replays and two deliveries
 * at once), and safe beside the checkout and the 3-D Secure return (one order, no refund), with
 * the disputes (and how they end, whatever order Stripe delivers in), outside refunds and wrong
 * amounts told to the administrators. Runs on PGlite, and on the PostgreSQL server when
 * TEST_DATABASE_URL is set.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { settled } from "../../../tests/support/domain-result";
import { APPROVED_CARD, CONTACT, createShopper, pickProducts } from "../../../tests/support/shoppers";
import { startStripeServer, type StripeEventJson, type StripeServer } from "../../../tests/support/stripe-server/server";
import {
  disputeChangedEvent,
  disputeCreatedEvent,
  paymentIntentEvent,
  signDelivery,
  type SignedDelivery,
} from "../../../tests/support/stripe-server/webhooks";
import type { DatabaseHandle } from "../db/client";
import { notifications, orders, paymentAttempts, paymentDisputes, paymentExternalRefunds, stripeWebhookEvents, user } from "../db/schema";
import { beginPaymentAttempt, markAttemptFailed, reconcilePayments, refundKeyOf } from "../modules/payments/payment-attempts.service";
import { readOrderPaymentRecords } from "../modules/payments/order-payments.service";
import { AUTHENTICATION_FAILED_MESSAGE } from "../modules/payments/payment-messages";
import { createStripeClient, StripePaymentProvider } from "../modules/payments/stripe/stripe-provider";
import type { ChargeRequest, ChargeResult } from "~/domain/payments/payment-provider";
import { PlaceOrderSchema, type PlaceOrderBody } from "~/domain/checkout/checkout.schema";
import { isDomainError } from "~/domain/errors";
import { STRIPE_SIGNATURE_INVALID_MESSAGE, STRIPE_SIGNATURE_MISSING_MESSAGE } from "~/domain/payments/stripe-webhooks";
import { settleDomainEvents } from "./event-subscribers";
import { completeOrderAuthentication, placeOrder } from "./place-order";
import { receiveStripeWebhook } from "./stripe-webhooks";

/**
 * Stands in for the checkout's Payment Element (not built yet): the card typed in the test becomes
 * the PaymentMethod Stripe.js would have made at Stripe, so the order goes through placeOrder and
 * the Stripe provider unchanged.
 */
class PaymentElementCheckout extends StripePaymentProvider {
  constructor(
    private readonly server: StripeServer,
    private readonly methods: Record<string, string>,
  ) {
    super(createStripeClient({ secretKey: server.secretKey, apiBase: server.url }));
  }
  override charge(request: ChargeRequest): Promise<ChargeResult> {
    const { source } = request;
    if (source.type !== "card") return super.charge(request);
    const testMethod = this.methods[source.card.number.replace(/\s/g, "")];
    if (!testMethod) throw new Error(`no test PaymentMethod for ${source.card.number}`);
    return super.charge({ ...request, source: { type: "payment_method", id: this.server.createPaymentMethod(testMethod) } });
  }
}

const VISA = APPROVED_CARD;
const THREE_D_SECURE = { ...APPROVED_CARD, number: "4000 0000 0000 3220" };

let handle: DatabaseHandle;
let server: StripeServer;
let stripe: StripePaymentProvider;
let checkout: PaymentElementCheckout;
const admins = [`admin-${randomUUID()}`, `admin-${randomUUID()}`];
const encoder = new TextEncoder();

beforeAll(async () => {
  handle = await createTestDatabase();
  server = await startStripeServer();
  stripe = new StripePaymentProvider(createStripeClient({ secretKey: server.secretKey, apiBase: server.url }));
  checkout = new PaymentElementCheckout(server, {
    "4242424242424242": "pm_card_visa",
    "4000000000003220": "pm_card_threeDSecure2Required",
  });
  for (const id of admins) await handle.db.insert(user).values({ id, name: "Équipe Aurore", email: `${id}@example.com`, role: "admin" });
});
afterAll(async () => {
  await server?.stop();
  await handle?.close();
});

/** What Stripe POSTs: the bytes as sent, and their signature. */
const deliver = (delivery: SignedDelivery) =>
  receiveStripeWebhook(
    handle.db,
    { payload: encoder.encode(delivery.payload), signature: delivery.header },
    { provider: stripe, secret: server.webhookSecret },
  );
const signed = (event: StripeEventJson) => signDelivery(event, server.webhookSecret);

/** The latest event of `type` the server recorded about this PaymentIntent (or its charge). */
function recorded(type: string, paymentIntentId: string): SignedDelivery {
  const event = server
    .events()
    .filter((e) => {
      const object = e.data.object as { id: string; payment_intent?: string | null };
      return e.type === type && (object.id === paymentIntentId || object.payment_intent === paymentIntentId);
    })
    .at(-1);
  if (!event) throw new Error(`no ${type} event about ${paymentIntentId}`);
  return signed(event);
}

async function attemptOf(id: string) {
  const [row] = await handle.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id));
  return row!;
}
async function attemptOfKey(userId: string, idempotencyKey: string) {
  const [row] = await handle.db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.userId, userId), eq(paymentAttempts.idempotencyKey, idempotencyKey)));
  return row!;
}
const refundsOf = (paymentIntentId: string) =>
  server
    .refunds()
    .filter((r) => r.payment_intent === paymentIntentId)
    .map((r) => r.amount);
async function eventRows(id: string) {
  return handle.db.select().from(stripeWebhookEvents).where(eq(stripeWebhookEvents.id, id));
}
/** The administrators' notices about something, once the domain events have run. */
async function adminNotices(metadataKey: string, value: string) {
  await settleDomainEvents(handle.db);
  return handle.db
    .select()
    .from(notifications)
    .where(and(inArray(notifications.userId, admins), sql`${notifications.metadata}->>${metadataKey} = ${value}`));
}

/** A checkout's attempt whose charge went through at Stripe but that the shop never heard of (its process died). */
async function unrecordedCharge(amountCents: number) {
  const shopper = await createShopper(handle.db);
  const begun = await beginPaymentAttempt(handle.db, {
    userId: shopper.id,
    idempotencyKey: `checkout-${randomUUID()}`,
    amountCents,
    currency: "EUR",
    provider: "stripe",
  });
  if (begun.kind !== "new") throw new Error("new attempt expected");
  const charged = await stripe.charge({
    amountCents,
    currency: "EUR",
    source: { type: "payment_method", id: server.createPaymentMethod("pm_card_visa") },
    customerRef: shopper.id,
    idempotencyKey: begun.attempt.providerKey,
    description: "Aurore, commande test",
  });
  if (!charged.ok) throw new Error("charge expected");
  return { attempt: begun.attempt, paymentId: charged.paymentId };
}

async function shopperWithProduct() {
  const shopper = await createShopper(handle.db);
  const [product] = await pickProducts(handle.db, 1, 50);
  return { shopper, product };
}
function orderBody(addressId: string, productId: string, card: PlaceOrderBody["card"]) {
  return PlaceOrderSchema.parse({ contact: CONTACT, address_id: addressId, lines: [{ product_id: productId, quantity: 1 }], card });
}

/** An order paid by card through the checkout: its order, attempt and PaymentIntent. */
async function paidOrder() {
  const { shopper, product } = await shopperWithProduct();
  const key = randomUUID();
  const placed = await placeOrder(handle.db, {
    userId: shopper.id,
    idempotencyKey: key,
    request: orderBody(shopper.addressId, product.id, VISA),
    provider: checkout,
  });
  const attempt = await attemptOfKey(shopper.id, key);
  return { order: placed.order, attempt, paymentId: attempt.providerPaymentId! };
}

/** A checkout waiting for 3-D Secure: the authentication (the PaymentIntent's id) it answered 402 with. */
async function waitingForBank() {
  const { shopper, product } = await shopperWithProduct();
  const key = randomUUID();
  const placed = await settled(
    placeOrder(handle.db, {
      userId: shopper.id,
      idempotencyKey: key,
      request: orderBody(shopper.addressId, product.id, THREE_D_SECURE),
      provider: checkout,
    }),
  );
  expect(placed).toMatchObject({ ok: false, status: 402, code: "authentication_required" });
  const attempt = await attemptOfKey(shopper.id, key);
  expect(attempt.status).toBe("requires_action");
  return { shopper, key, paymentIntentId: attempt.authenticationId!, attemptId: attempt.id };
}

async function refusal(run: Promise<unknown>) {
  try {
    await run;
  } catch (error) {
    if (isDomainError(error)) return { kind: error.kind, code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("the signature", () => {
  it("refuses a delivery without a signature, with another secret, tampered with or replayed late, and changes nothing", async () => {
    const { attempt, paymentId } = await unrecordedCharge(1500);
    const good = recorded("payment_intent.succeeded", paymentId);
    const stale = signDelivery(good.event, server.webhookSecret, Math.floor(Date.now() / 1000) - 3600);
    const otherSecret = signDelivery(good.event, "whsec_notTheShopsSecret000000");
    const tampered = { ...good, payload: good.payload.replace(`"amount_received": 1500`, `"amount_received": 15`) };
    expect(tampered.payload).not.toBe(good.payload);

    const missing = receiveStripeWebhook(
      handle.db,
      { payload: encoder.encode(good.payload), signature: null },
      { provider: stripe, secret: server.webhookSecret },
    );
    expect(await refusal(missing)).toEqual({ kind: "invalid", code: "invalid_signature", message: STRIPE_SIGNATURE_MISSING_MESSAGE });
    for (const bad of [stale, otherSecret, tampered]) {
      expect(await refusal(deliver(bad))).toEqual({
        kind: "invalid",
        code: "invalid_signature",
        message: STRIPE_SIGNATURE_INVALID_MESSAGE,
      });
    }
    expect(await eventRows(good.event.id)).toEqual([]);
    expect(await attemptOf(attempt.id)).toEqual(attempt);
    // The genuine delivery is then taken.
    expect(await deliver(good)).toMatchObject({ outcome: "attempt_charged", replayed: false });
  });
});

describe("payment_intent.succeeded", () => {
  it("marks charged, once, an attempt its checkout never heard back about; replays are acknowledged; the job refunds it once", async () => {
    const { attempt, paymentId } = await unrecordedCharge(2300);
    const delivery = recorded("payment_intent.succeeded", paymentId);
    expect(await deliver(delivery)).toEqual({
      eventId: delivery.event.id,
      type: "payment_intent.succeeded",
      outcome: "attempt_charged",
      replayed: false,
    });
    expect(await deliver(delivery)).toMatchObject({ outcome: "attempt_charged", replayed: true });
    expect(await attemptOf(attempt.id)).toMatchObject({ status: "charged", providerPaymentId: paymentId });
    const [row] = await eventRows(delivery.event.id);
    expect(row).toMatchObject({ type: "payment_intent.succeeded", outcome: "attempt_charged", attemptId: attempt.id });
    expect(row.payload).toMatchObject({ payment_intent: paymentId, amount: 2300, currency: "eur", attempt_key: attempt.providerKey });

    // No order follows: past the grace period the reconciliation gives the money back, once.
    const later = new Date(Date.now() + 10 * 60_000);
    await reconcilePayments(handle.db, stripe, { graceMs: 60_000, now: later });
    await reconcilePayments(handle.db, stripe, { graceMs: 60_000, now: new Date(later.getTime() + 1000) });
    expect(refundsOf(paymentId)).toEqual([2300]);
    expect(await attemptOf(attempt.id)).toMatchObject({ status: "refunded" });
    // Stripe sending the event again changes nothing now either.
    expect(await deliver(delivery)).toMatchObject({ replayed: true });
    expect(await attemptOf(attempt.id)).toMatchObject({ status: "refunded" });
  });

  it("arriving before the browser is back from 3-D Secure, leaves the browser to make the one order, with no refund", async () => {
    const { shopper, key, paymentIntentId, attemptId } = await waitingForBank();
    server.authenticate(paymentIntentId, "succeed");
    // Stripe's webhook is quicker than the shopper's browser.
    expect(await deliver(recorded("payment_intent.succeeded", paymentIntentId))).toMatchObject({ outcome: "attempt_charged" });
    expect(await attemptOf(attemptId)).toMatchObject({ status: "charged", providerPaymentId: paymentIntentId });

    // The browser's answer comes twice at once (a double click): one order.
    const answer = () =>
      settled(
        completeOrderAuthentication(handle.db, {
          userId: shopper.id,
          authenticationId: paymentIntentId,
          result: "succeeded",
          provider: checkout,
        }),
      );
    const answers = await Promise.all([answer(), answer()]);
    const made = await handle.db.select().from(orders).where(eq(orders.userId, shopper.id));
    expect(made).toHaveLength(1);
    // Each answer is that order, or (when the first had finished before the second looked) the
    // 409 of an authentication already handled; never a refusal that gives the money back.
    expect(answers.filter((a) => a.ok).length).toBeGreaterThanOrEqual(1);
    for (const a of answers) {
      if (a.ok) expect(a.order.id).toBe(made[0].id);
      else expect(a).toMatchObject({ status: 409, code: "authentication_completed" });
    }
    expect(await attemptOfKey(shopper.id, key)).toMatchObject({ status: "linked", orderId: made[0].id });

    // Neither a late replay, another event about the payment, nor the job refunds it.
    expect(await deliver(signed(paymentIntentEvent(server, paymentIntentId, "payment_intent.succeeded")))).toMatchObject({
      outcome: "already_settled",
    });
    await reconcilePayments(handle.db, stripe, { graceMs: 0, authenticationTtlMs: 0, now: new Date(Date.now() + 3_600_000) });
    expect(refundsOf(paymentIntentId)).toEqual([]);
    expect(await attemptOf(attemptId)).toMatchObject({ status: "linked" });
  });

  it("arriving before the checkout hears Stripe's answer, leaves the checkout to make its order, with no refund", async () => {
    const { shopper, product } = await shopperWithProduct();
    const key = randomUUID();
    const outcomes: string[] = [];
    const placed = await placeOrder(handle.db, {
      userId: shopper.id,
      idempotencyKey: key,
      request: orderBody(shopper.addressId, product.id, VISA),
      provider: checkout,
      testHooks: {
        afterCharge: async (stage) => {
          if (stage !== "charged_at_provider") return;
          const attempt = await attemptOfKey(shopper.id, key);
          const intent = server.paymentIntents().find((i) => i.metadata.attempt_key === attempt.providerKey)!;
          outcomes.push((await deliver(recorded("payment_intent.succeeded", intent.id))).outcome);
        },
      },
    });
    expect(outcomes).toEqual(["attempt_charged"]);
    expect(placed.replayed).toBe(false);
    const attempt = await attemptOfKey(shopper.id, key);
    expect(attempt).toMatchObject({ status: "linked", orderId: placed.order.id });
    expect(refundsOf(attempt.providerPaymentId!)).toEqual([]);
  });

  it("refuses an amount or a currency other than the attempt's, changes nothing and tells each administrator", async () => {
    const { attempt, paymentId } = await unrecordedCharge(2500);
    const before = await attemptOf(attempt.id);
    const wrongAmount = paymentIntentEvent(server, paymentIntentId(paymentId), "payment_intent.succeeded");
    Object.assign(wrongAmount.data.object as object, { amount: 2400, amount_received: 2400 });
    const wrongCurrency = paymentIntentEvent(server, paymentId, "payment_intent.succeeded");
    Object.assign(wrongCurrency.data.object as object, { currency: "usd" });

    expect(await deliver(signed(wrongAmount))).toMatchObject({ outcome: "amount_mismatch", replayed: false });
    expect(await deliver(signed(wrongCurrency))).toMatchObject({ outcome: "amount_mismatch", replayed: false });
    expect(await attemptOf(attempt.id)).toEqual(before);

    const notices = await adminNotices("payment_id", paymentId);
    expect(notices).toHaveLength(4);
    expect(new Set(notices.map((n) => n.userId))).toEqual(new Set(admins));
    for (const notice of notices) {
      expect(notice).toMatchObject({
        type: "system",
        priority: "urgent",
        title: "Paiement Stripe refusé : montant inattendu",
        messageKey: "paymentAmountMismatch",
        metadata: { payment_id: paymentId, attempt_id: attempt.id },
      });
    }
    expect(notices.map((n) => n.message).sort()).toEqual(
      [
        `Stripe signale le paiement ${paymentId} de 24.00 EUR alors que la boutique avait demandé 25.00 EUR : il n'a pas été pris en compte. Vérifiez-le dans le tableau de bord Stripe.`,
        `Stripe signale le paiement ${paymentId} de 25.00 USD alors que la boutique avait demandé 25.00 EUR : il n'a pas été pris en compte. Vérifiez-le dans le tableau de bord Stripe.`,
      ]
        .flatMap((m) => [m, m])
        .sort(),
    );
  });
});

/** A PaymentIntent's id as the server knows it (a guard against a typo in a test). */
function paymentIntentId(id: string): string {
  if (!server.paymentIntent(id)) throw new Error(`unknown PaymentIntent ${id}`);
  return id;
}

describe("payment_intent.payment_failed", () => {
  it("fails the attempt waiting for the bank, and the browser coming back still hears why, with nothing charged", async () => {
    const { shopper, paymentIntentId: intentId, attemptId } = await waitingForBank();
    server.authenticate(intentId, "fail");
    expect(await deliver(recorded("payment_intent.payment_failed", intentId))).toMatchObject({ outcome: "attempt_failed" });
    expect(await attemptOf(attemptId)).toMatchObject({ status: "failed" });

    const answer = await settled(
      completeOrderAuthentication(handle.db, { userId: shopper.id, authenticationId: intentId, result: "failed", provider: checkout }),
    );
    expect(answer).toMatchObject({ ok: false, status: 402, code: "payment_declined", message: AUTHENTICATION_FAILED_MESSAGE });
    // Closed at Stripe, so the client secret can no longer pay it.
    expect(server.paymentIntent(intentId)?.status).toBe("canceled");
    expect(await handle.db.select().from(orders).where(eq(orders.userId, shopper.id))).toEqual([]);
    // A failure reported after the order was made changes nothing.
    const { attempt } = await paidOrder();
    expect(await deliver(signed(paymentIntentEvent(server, attempt.providerPaymentId!, "payment_intent.payment_failed")))).toMatchObject({
      outcome: "already_settled",
    });
    expect(await attemptOf(attempt.id)).toMatchObject({ status: "linked" });
  });
});

describe("payments the shop does not know, and other events", () => {
  it("acknowledges them and changes nothing", async () => {
    const shopper = await createShopper(handle.db);
    const stray = await stripe.charge({
      amountCents: 990,
      currency: "EUR",
      source: { type: "payment_method", id: server.createPaymentMethod("pm_card_visa") },
      customerRef: shopper.id,
      idempotencyKey: `${randomUUID()}:1`,
      description: "Paiement fait ailleurs",
    });
    if (!stray.ok) throw new Error("charge expected");
    const count = async () => (await handle.db.select({ n: sql<number>`count(*)::int` }).from(paymentAttempts))[0].n;
    const attempts = await count();
    await stripe.stripe.refunds.create({ payment_intent: stray.paymentId, amount: 100 });

    for (const [delivery, outcome] of [
      [recorded("payment_intent.succeeded", stray.paymentId), "unknown_payment"],
      [signed(paymentIntentEvent(server, stray.paymentId, "payment_intent.payment_failed")), "unknown_payment"],
      [recorded("charge.refunded", stray.paymentId), "unknown_payment"],
      [signed(disputeCreatedEvent(server, stray.paymentId)), "unknown_payment"],
      [recorded("payment_intent.created", stray.paymentId), "ignored"],
    ] as const) {
      expect(await deliver(delivery)).toMatchObject({ outcome, replayed: false });
      expect(await eventRows(delivery.event.id)).toMatchObject([{ outcome, attemptId: null }]);
    }
    expect(await count()).toBe(attempts);
    expect(await handle.db.select().from(paymentDisputes).where(eq(paymentDisputes.paymentId, stray.paymentId))).toEqual([]);
    expect(await handle.db.select().from(paymentExternalRefunds).where(eq(paymentExternalRefunds.paymentId, stray.paymentId))).toEqual([]);
  });
});

describe("charge.dispute.created", () => {
  it("records the dispute on the order and tells each administrator once, however often it is sent", async () => {
    const { order, attempt, paymentId } = await paidOrder();
    const dueBy = Math.floor(Date.UTC(2030, 0, 15, 12) / 1000);
    const event = disputeCreatedEvent(server, paymentId, { reason: "product_not_received", dueBy });
    expect(await deliver(signed(event))).toMatchObject({ outcome: "dispute_recorded", replayed: false });
    expect(await deliver(signed(event))).toMatchObject({ outcome: "dispute_recorded", replayed: true });
    // The same dispute in another event (Stripe does not promise one event per change).
    const again = disputeCreatedEvent(server, paymentId, {
      reason: "product_not_received",
      dueBy,
      disputeId: (event.data.object as { id: string }).id,
    });
    expect(await deliver(signed(again))).toMatchObject({ outcome: "already_settled" });

    const disputes = await handle.db.select().from(paymentDisputes).where(eq(paymentDisputes.paymentId, paymentId));
    expect(disputes).toEqual([
      expect.objectContaining({
        provider: "stripe",
        orderId: order.id,
        attemptId: attempt.id,
        amountCents: order.total_cents,
        currency: "eur",
        reason: "product_not_received",
        status: "needs_response",
        evidenceDueBy: new Date(dueBy * 1000),
      }),
    ]);
    const notices = await adminNotices("dispute_id", disputes[0].id);
    expect(notices.map((n) => n.userId).sort()).toEqual([...admins].sort());
    const total = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" }).format(order.total_cents / 100);
    expect(notices[0]).toMatchObject({
      type: "system",
      priority: "urgent",
      title: `Litige ouvert : commande ${order.order_number}`,
      message: `Le paiement de la commande ${order.order_number} (${total}) est contesté auprès de la banque : produit non reçu. Répondez-y depuis le tableau de bord Stripe avant le 15 janvier 2030, faute de quoi le montant est perdu.`,
      actionUrl: `/admin/commandes?search=${order.order_number}`,
      messageKey: "paymentDisputed",
      params: { hasOrder: "yes", orderNumber: order.order_number, reason: "product_not_received", hasDeadline: "yes" },
    });
  });
});

describe("charge.dispute.updated and charge.dispute.closed", () => {
  const euros = (cents: number) => new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" }).format(cents / 100);
  async function disputeOf(id: string) {
    const [row] = await handle.db.select().from(paymentDisputes).where(eq(paymentDisputes.id, id));
    return row;
  }
  const noticesOf = async (disputeId: string, messageKey: string) =>
    (await adminNotices("dispute_id", disputeId)).filter((n) => n.messageKey === messageKey);

  it("follows a dispute answered then lost: the warning goes, the loss is told once, replays and late updates change nothing", async () => {
    const { order, paymentId } = await paidOrder();
    const dueBy = Math.floor(Date.UTC(2030, 0, 15, 12) / 1000);
    const opened = disputeCreatedEvent(server, paymentId, { reason: "fraudulent", dueBy });
    const disputeId = (opened.data.object as { id: string }).id;
    const now = new Date(Date.UTC(2030, 0, 10, 12));
    const view = async () => (await readOrderPaymentRecords(handle.db, order.id, { stripeMode: "test", now })).disputes;
    expect(await deliver(signed(opened))).toMatchObject({ outcome: "dispute_recorded" });
    expect(await view()).toEqual([expect.objectContaining({ status: "needs_response", needs_response: true })]);

    // The shop answered in Stripe's dashboard: under review, the order's warning goes.
    const answered = disputeChangedEvent(opened, "charge.dispute.updated", { status: "under_review", created: opened.created + 60 });
    expect(await deliver(signed(answered))).toMatchObject({ outcome: "dispute_updated", replayed: false });
    expect(await disputeOf(disputeId)).toMatchObject({
      status: "under_review",
      evidenceDueBy: new Date(dueBy * 1000),
      statusReportedAt: new Date(answered.created * 1000),
    });
    expect(await view()).toEqual([expect.objectContaining({ status: "under_review", needs_response: false, response_overdue: false })]);
    expect(await noticesOf(disputeId, "paymentDisputeClosed")).toEqual([]);

    // The bank decides for the cardholder: lost, each administrator told.
    const lost = disputeChangedEvent(opened, "charge.dispute.closed", { status: "lost", created: opened.created + 120 });
    expect(await deliver(signed(lost))).toMatchObject({ outcome: "dispute_updated", replayed: false });
    expect(await eventRows(lost.id)).toMatchObject([
      { outcome: "dispute_updated", payload: expect.objectContaining({ status: "lost", previous_status: "under_review" }) },
    ]);
    const told = await noticesOf(disputeId, "paymentDisputeClosed");
    expect(told.map((n) => n.userId).sort()).toEqual([...admins].sort());
    expect(told[0]).toMatchObject({
      type: "system",
      priority: "high",
      title: `Litige perdu : commande ${order.order_number}`,
      message: `La banque a tranché le litige sur le paiement de la commande ${order.order_number} (${euros(order.total_cents)}) en faveur du titulaire de la carte : le montant est perdu. Le détail est dans le tableau de bord Stripe.`,
      actionUrl: `/admin/commandes?search=${order.order_number}`,
      params: { hasOrder: "yes", orderNumber: order.order_number, amountCents: String(order.total_cents), outcome: "lost" },
    });

    // The close delivered again; an older update delivered after it, or one of the same second; the close told again.
    expect(await deliver(signed(lost))).toMatchObject({ outcome: "dispute_updated", replayed: true });
    const late = disputeChangedEvent(opened, "charge.dispute.updated", { status: "under_review", created: opened.created + 90 });
    expect(await deliver(signed(late))).toMatchObject({ outcome: "already_settled", replayed: false });
    const sameSecond = disputeChangedEvent(opened, "charge.dispute.updated", { status: "under_review", created: lost.created });
    expect(await deliver(signed(sameSecond))).toMatchObject({ outcome: "already_settled" });
    expect(await eventRows(late.id)).toMatchObject([
      { payload: expect.objectContaining({ status: "under_review", recorded_status: "lost" }) },
    ]);
    const lostAgain = disputeChangedEvent(opened, "charge.dispute.closed", { status: "lost", created: opened.created + 180 });
    expect(await deliver(signed(lostAgain))).toMatchObject({ outcome: "dispute_updated" });

    expect(await disputeOf(disputeId)).toMatchObject({ status: "lost", statusReportedAt: new Date(lostAgain.created * 1000) });
    expect(await view()).toEqual([expect.objectContaining({ status: "lost", needs_response: false, response_overdue: false })]);
    expect(await noticesOf(disputeId, "paymentDisputeClosed")).toHaveLength(admins.length);
    expect(await noticesOf(disputeId, "paymentDisputed")).toHaveLength(admins.length);
  });

  it("records a dispute first heard of in a later event, and acknowledges one on a payment the shop does not know", async () => {
    // Its opening lost (or still to come): the update records it as it is now, and the opening, late, changes nothing.
    const reviewed = await paidOrder();
    const opened = disputeCreatedEvent(server, reviewed.paymentId, { reason: "product_not_received" });
    const disputeId = (opened.data.object as { id: string }).id;
    const update = disputeChangedEvent(opened, "charge.dispute.updated", { status: "under_review" });
    expect(await deliver(signed(update))).toMatchObject({ outcome: "dispute_recorded" });
    expect(await deliver(signed(opened))).toMatchObject({ outcome: "already_settled" });
    expect(await disputeOf(disputeId)).toMatchObject({
      orderId: reviewed.order.id,
      attemptId: reviewed.attempt.id,
      reason: "product_not_received",
      status: "under_review",
      openedAt: new Date(opened.created * 1000),
      statusReportedAt: new Date(update.created * 1000),
    });
    // Answered already, in Stripe's dashboard: nobody is asked to answer it.
    expect(await adminNotices("dispute_id", disputeId)).toEqual([]);

    // Heard of only when won: recorded won, a plain notice.
    const won = await paidOrder();
    const wonOpened = disputeCreatedEvent(server, won.paymentId, { reason: "duplicate" });
    const wonId = (wonOpened.data.object as { id: string }).id;
    expect(await deliver(signed(disputeChangedEvent(wonOpened, "charge.dispute.closed", { status: "won" })))).toMatchObject({
      outcome: "dispute_recorded",
    });
    expect(await disputeOf(wonId)).toMatchObject({ orderId: won.order.id, status: "won" });
    const wonNotices = await adminNotices("dispute_id", wonId);
    expect(wonNotices).toHaveLength(admins.length);
    expect(wonNotices[0]).toMatchObject({
      priority: "normal",
      messageKey: "paymentDisputeClosed",
      title: `Litige gagné : commande ${won.order.order_number}`,
      message: `La banque a tranché le litige sur le paiement de la commande ${won.order.order_number} (${euros(won.order.total_cents)}) en faveur de la boutique : le montant contesté lui revient.`,
    });

    // A payment the shop has no attempt for: acknowledged, nothing recorded.
    const shopper = await createShopper(handle.db);
    const stray = await stripe.charge({
      amountCents: 1490,
      currency: "EUR",
      source: { type: "payment_method", id: server.createPaymentMethod("pm_card_visa") },
      customerRef: shopper.id,
      idempotencyKey: `${randomUUID()}:1`,
      description: "Paiement fait ailleurs",
    });
    if (!stray.ok) throw new Error("charge expected");
    const strayOpened = disputeCreatedEvent(server, stray.paymentId);
    for (const [type, status] of [
      ["charge.dispute.updated", "under_review"],
      ["charge.dispute.closed", "lost"],
    ] as const) {
      const delivery = signed(disputeChangedEvent(strayOpened, type, { status }));
      expect(await deliver(delivery)).toMatchObject({ outcome: "unknown_payment", replayed: false });
      expect(await eventRows(delivery.event.id)).toMatchObject([{ outcome: "unknown_payment", attemptId: null }]);
    }
    expect(await handle.db.select().from(paymentDisputes).where(eq(paymentDisputes.paymentId, stray.paymentId))).toEqual([]);
    expect(await adminNotices("dispute_id", (strayOpened.data.object as { id: string }).id)).toEqual([]);
  });
});

describe("charge.refunded", () => {
  it("knows the shop's own refunds, and records and announces once each refund made outside the shop", async () => {
    const { order, paymentId } = await paidOrder();
    await stripe.refund({ paymentId, amountCents: 500, idempotencyKey: `order-refund:${order.id}` });
    expect(await deliver(recorded("charge.refunded", paymentId))).toMatchObject({ outcome: "refunds_reconciled" });
    const outside = () => handle.db.select().from(paymentExternalRefunds).where(eq(paymentExternalRefunds.paymentId, paymentId));
    expect(await outside()).toEqual([]);

    // Refunded from Stripe's dashboard: no refund key.
    const dashboard = await stripe.stripe.refunds.create({ payment_intent: paymentId, amount: 300 });
    const first = recorded("charge.refunded", paymentId);
    expect(await deliver(first)).toMatchObject({ outcome: "refunds_reconciled" });
    await stripe.stripe.refunds.create({ payment_intent: paymentId, amount: 200 });
    // As Stripe sends it since API 2022-11-15: the charge without its list of refunds, read from Stripe.
    const latest = recorded("charge.refunded", paymentId).event;
    delete (latest.data.object as { refunds?: unknown }).refunds;
    expect(await deliver(signed(latest))).toMatchObject({ outcome: "refunds_reconciled" });
    // The first event sent again by Stripe, and the same refunds in a new event: nothing more.
    expect(await deliver(first)).toMatchObject({ replayed: true });
    expect(await deliver(signed({ ...first.event, id: `evt_${randomUUID().replaceAll("-", "")}` }))).toMatchObject({ replayed: false });

    const rows = await outside();
    expect(rows.map((r) => [r.amountCents, r.orderId]).sort()).toEqual([
      [200, order.id],
      [300, order.id],
    ]);
    const notices = await adminNotices("order_id", order.id);
    expect(notices.filter((n) => n.messageKey === "paymentRefundedOutside")).toHaveLength(2 * admins.length);
    const [notice] = await adminNotices("refund_id", dashboard.id);
    expect(notice).toMatchObject({
      title: `Remboursement hors boutique : commande ${order.order_number}`,
      message: `Stripe signale un remboursement de 3,00\u00a0€ sur la commande ${order.order_number}, fait hors de la boutique (depuis le tableau de bord Stripe) : il n'apparaît pas dans la commande.`,
    });
  });

  it("settles an attempt whose refunder died after Stripe refunded it", async () => {
    const { attempt, paymentId } = await unrecordedCharge(1700);
    // The checkout's compensation took it and refunded it, then its process died.
    await handle.db
      .update(paymentAttempts)
      .set({ status: "refunding", providerPaymentId: paymentId })
      .where(eq(paymentAttempts.id, attempt.id));
    await stripe.refund({ paymentId, amountCents: 1700, idempotencyKey: refundKeyOf(attempt) });
    expect(await deliver(recorded("charge.refunded", paymentId))).toMatchObject({ outcome: "refunds_reconciled" });
    expect(await attemptOf(attempt.id)).toMatchObject({ status: "refunded" });
    expect(refundsOf(paymentId)).toEqual([1700]);
    expect(await handle.db.select().from(paymentExternalRefunds).where(eq(paymentExternalRefunds.paymentId, paymentId))).toEqual([]);
  });
});

describe("one event delivered by two requests at once", () => {
  it("is handled once", async () => {
    const { order, paymentId } = await paidOrder();
    const dispute = signed(disputeCreatedEvent(server, paymentId, { reason: "fraudulent" }));
    const answers = await Promise.all([deliver(dispute), deliver(dispute)]);
    expect(answers.map((a) => a.replayed).sort()).toEqual([false, true]);
    expect(await handle.db.select().from(paymentDisputes).where(eq(paymentDisputes.orderId, order.id))).toHaveLength(1);
    expect((await adminNotices("order_id", order.id)).filter((n) => n.messageKey === "paymentDisputed")).toHaveLength(admins.length);

    const { attempt, paymentId: unrecorded } = await unrecordedCharge(1200);
    const succeeded = recorded("payment_intent.succeeded", unrecorded);
    const outcomes = await Promise.all([deliver(succeeded), deliver(succeeded), deliver(succeeded)]);
    expect(outcomes.filter((o) => !o.replayed)).toEqual([expect.objectContaining({ outcome: "attempt_charged" })]);
    expect(await eventRows(succeeded.event.id)).toHaveLength(1);
    expect(await attemptOf(attempt.id)).toMatchObject({ status: "charged", providerPaymentId: unrecorded });
  });
});

/**
 * An attempt whose first try charged the card at Stripe while the shop never heard back (its
 * process died), and that the job, not finding the charge (Stripe's search had not indexed it
 * yet), marked never charged: the window decision 021 leaves open. The shopper may now try again
 * with the same key, which makes a new try, so a new PaymentIntent.
 */
async function lostFirstTry(amountCents: number) {
  const { shopper, product } = await shopperWithProduct();
  const key = randomUUID();
  const begun = await beginPaymentAttempt(handle.db, {
    userId: shopper.id,
    idempotencyKey: key,
    amountCents,
    currency: "EUR",
    provider: "stripe",
  });
  if (begun.kind !== "new") throw new Error("new attempt expected");
  server.setSearchIndexDelay(3_600_000);
  const first = await stripe.charge({
    amountCents,
    currency: "EUR",
    source: { type: "payment_method", id: server.createPaymentMethod("pm_card_visa") },
    customerRef: shopper.id,
    idempotencyKey: begun.attempt.providerKey,
    description: "Aurore, commande test",
  });
  server.setSearchIndexDelay(0);
  if (!first.ok) throw new Error("charge expected");
  await reconcilePayments(handle.db, stripe, { graceMs: 0, now: new Date(Date.now() + 60_000) });
  expect(await attemptOf(begun.attempt.id)).toMatchObject({ status: "failed", tries: 1, lastError: "never charged at the provider" });
  return { shopper, product, key, attemptId: begun.attempt.id, firstKey: begun.attempt.providerKey, firstPayment: first.paymentId };
}

/** The shopper's new try with the same key, charged at Stripe but not yet heard of by the shop. */
async function unrecordedNextTry(userId: string, key: string, amountCents: number) {
  const begun = await beginPaymentAttempt(handle.db, { userId, idempotencyKey: key, amountCents, currency: "EUR", provider: "stripe" });
  if (begun.kind !== "new") throw new Error("reopened attempt expected");
  const charged = await stripe.charge({
    amountCents,
    currency: "EUR",
    source: { type: "payment_method", id: server.createPaymentMethod("pm_card_visa") },
    customerRef: userId,
    idempotencyKey: begun.attempt.providerKey,
    description: "Aurore, commande test",
  });
  if (!charged.ok) throw new Error("charge expected");
  return { attempt: begun.attempt, paymentId: charged.paymentId };
}

const externalRefundsOf = (paymentId: string) =>
  handle.db.select().from(paymentExternalRefunds).where(eq(paymentExternalRefunds.paymentId, paymentId));

describe("a charge of an earlier try", () => {
  it("is refunded once when the shopper has paid again since, however often Stripe reports it, and the order's payment stays", async () => {
    const lost = await lostFirstTry(3100);
    // The shopper tries again with the same key and pays: the order is made with the second try.
    const placed = await placeOrder(handle.db, {
      userId: lost.shopper.id,
      idempotencyKey: lost.key,
      request: orderBody(lost.shopper.addressId, lost.product.id, VISA),
      provider: checkout,
    });
    const attempt = await attemptOf(lost.attemptId);
    expect(attempt).toMatchObject({ status: "linked", orderId: placed.order.id, tries: 2 });
    const orderPayment = attempt.providerPaymentId!;
    expect(orderPayment).not.toBe(lost.firstPayment);

    // Stripe reports the first try's charge: the shopper paid twice, the first charge goes back.
    const delivery = recorded("payment_intent.succeeded", lost.firstPayment);
    expect(await deliver(delivery)).toEqual({
      eventId: delivery.event.id,
      type: "payment_intent.succeeded",
      outcome: "earlier_try_refunded",
      replayed: false,
    });
    const refundKey = `${lost.firstKey}:refund`;
    expect(server.refunds().filter((r) => r.payment_intent === lost.firstPayment)).toEqual([
      expect.objectContaining({ amount: 3100, status: "succeeded", metadata: { refund_key: refundKey } }),
    ]);
    expect(await eventRows(delivery.event.id)).toMatchObject([
      {
        outcome: "earlier_try_refunded",
        attemptId: lost.attemptId,
        payload: { payment_intent: lost.firstPayment, attempt_key: lost.firstKey, amount: 3100, refund_key: refundKey, current_try: 2 },
      },
    ]);

    // Sent again twice, then the same charge in another event (Stripe may send two): refunded once.
    expect(await deliver(delivery)).toMatchObject({ outcome: "earlier_try_refunded", replayed: true });
    expect(await deliver(delivery)).toMatchObject({ outcome: "earlier_try_refunded", replayed: true });
    expect(await deliver(signed(paymentIntentEvent(server, lost.firstPayment, "payment_intent.succeeded")))).toMatchObject({
      outcome: "earlier_try_refunded",
      replayed: false,
    });
    expect(refundsOf(lost.firstPayment)).toEqual([3100]);
    // Stripe's charge.refunded for it tells of the shop's own refund: known, nothing recorded as made outside.
    expect(await deliver(recorded("charge.refunded", lost.firstPayment))).toMatchObject({ outcome: "refunds_reconciled" });
    expect(await externalRefundsOf(lost.firstPayment)).toEqual([]);

    // The order's own payment: its event is already settled by the checkout, and the job leaves it.
    expect(await deliver(recorded("payment_intent.succeeded", orderPayment))).toMatchObject({ outcome: "already_settled" });
    await reconcilePayments(handle.db, stripe, { graceMs: 0, authenticationTtlMs: 0, now: new Date(Date.now() + 3_600_000) });
    expect(refundsOf(orderPayment)).toEqual([]);
    expect(refundsOf(lost.firstPayment)).toEqual([3100]);
    expect(await attemptOf(lost.attemptId)).toEqual(attempt);
  });

  it("delivered by three requests at once, is refunded once; the current try's charge is then marked as before", async () => {
    const lost = await lostFirstTry(1900);
    const next = await unrecordedNextTry(lost.shopper.id, lost.key, 2100);
    const delivery = recorded("payment_intent.succeeded", lost.firstPayment);
    const answers = await Promise.all([deliver(delivery), deliver(delivery), deliver(delivery)]);
    expect(answers.filter((a) => !a.replayed)).toEqual([expect.objectContaining({ outcome: "earlier_try_refunded" })]);
    expect(answers.map((a) => a.outcome)).toEqual(["earlier_try_refunded", "earlier_try_refunded", "earlier_try_refunded"]);
    expect(await eventRows(delivery.event.id)).toHaveLength(1);
    expect(refundsOf(lost.firstPayment)).toEqual([1900]);
    // The current try is untouched, and its own charge is handled as it always was.
    expect(await attemptOf(lost.attemptId)).toMatchObject({ status: "pending", tries: 2, providerKey: next.attempt.providerKey });
    expect(await deliver(recorded("payment_intent.succeeded", next.paymentId))).toMatchObject({ outcome: "attempt_charged" });
    expect(await attemptOf(lost.attemptId)).toMatchObject({ status: "charged", providerPaymentId: next.paymentId, amountCents: 2100 });
    expect(refundsOf(next.paymentId)).toEqual([]);
  });

  it("is not refunded again when the job had refunded that try before the shopper tried again", async () => {
    const shopper = await createShopper(handle.db);
    const key = `checkout-${randomUUID()}`;
    const begun = await beginPaymentAttempt(handle.db, {
      userId: shopper.id,
      idempotencyKey: key,
      amountCents: 2700,
      currency: "EUR",
      provider: "stripe",
    });
    if (begun.kind !== "new") throw new Error("new attempt expected");
    const first = await stripe.charge({
      amountCents: 2700,
      currency: "EUR",
      source: { type: "payment_method", id: server.createPaymentMethod("pm_card_visa") },
      customerRef: shopper.id,
      idempotencyKey: begun.attempt.providerKey,
      description: "Aurore, commande test",
    });
    if (!first.ok) throw new Error("charge expected");
    // No order came: the job found the charge and refunded it under the try's refund key.
    await reconcilePayments(handle.db, stripe, { graceMs: 0, now: new Date(Date.now() + 60_000) });
    expect(await attemptOf(begun.attempt.id)).toMatchObject({ status: "refunded", providerPaymentId: first.paymentId });
    expect(refundsOf(first.paymentId)).toEqual([2700]);
    await unrecordedNextTry(shopper.id, key, 2700);

    // The first try's event, late (Stripe sends in no promised order).
    expect(await deliver(recorded("payment_intent.succeeded", first.paymentId))).toMatchObject({ outcome: "earlier_try_refunded" });
    expect(server.refunds().filter((r) => r.payment_intent === first.paymentId)).toEqual([
      expect.objectContaining({ amount: 2700, metadata: { refund_key: refundKeyOf(begun.attempt) } }),
    ]);
  });

  it("knows the decline of an earlier try heard after the shopper tried again, and changes nothing", async () => {
    const shopper = await createShopper(handle.db);
    const key = `checkout-${randomUUID()}`;
    const begun = await beginPaymentAttempt(handle.db, {
      userId: shopper.id,
      idempotencyKey: key,
      amountCents: 1500,
      currency: "EUR",
      provider: "stripe",
    });
    if (begun.kind !== "new") throw new Error("new attempt expected");
    const declined = await stripe.charge({
      amountCents: 1500,
      currency: "EUR",
      source: { type: "payment_method", id: server.createPaymentMethod("pm_card_chargeDeclined") },
      customerRef: shopper.id,
      idempotencyKey: begun.attempt.providerKey,
      description: "Aurore, commande test",
    });
    expect(declined.ok).toBe(false);
    expect(await markAttemptFailed(handle.db, begun.attempt.id, "declined")).toBe(true);
    const next = await unrecordedNextTry(shopper.id, key, 1500);
    const before = await attemptOf(begun.attempt.id);
    const firstIntent = server.paymentIntents().find((i) => i.metadata.attempt_key === begun.attempt.providerKey)!;

    const delivery = recorded("payment_intent.payment_failed", firstIntent.id);
    expect(await deliver(delivery)).toMatchObject({ outcome: "already_settled", replayed: false });
    expect(await eventRows(delivery.event.id)).toMatchObject([{ outcome: "already_settled", attemptId: begun.attempt.id }]);
    expect(await attemptOf(begun.attempt.id)).toEqual(before);
    expect(before).toMatchObject({ status: "pending", providerKey: next.attempt.providerKey });
  });

  it("still calls unknown a key that names no attempt, or a try its attempt never had, and changes nothing", async () => {
    const { attempt } = await unrecordedCharge(1300);
    const before = await attemptOf(attempt.id);
    for (const key of [`${randomUUID()}:1`, `${attempt.id}:2`, `${attempt.id}:0`, `${attempt.id}:01`, `commande-${randomUUID()}`]) {
      const stray = await stripe.charge({
        amountCents: 1300,
        currency: "EUR",
        source: { type: "payment_method", id: server.createPaymentMethod("pm_card_visa") },
        customerRef: attempt.userId!,
        idempotencyKey: key,
        description: "Paiement inconnu",
      });
      if (!stray.ok) throw new Error("charge expected");
      const delivery = recorded("payment_intent.succeeded", stray.paymentId);
      expect(await deliver(delivery)).toMatchObject({ outcome: "unknown_payment", replayed: false });
      expect(await eventRows(delivery.event.id)).toMatchObject([{ outcome: "unknown_payment", attemptId: null }]);
      expect(refundsOf(stray.paymentId)).toEqual([]);
    }
    expect(await attemptOf(attempt.id)).toEqual(before);
  });
});
