/**
 * The back office's view of an order's payments (docs/decisions/061-order-payments-in-back-office.md),
 * composed from the orders, payments and payment-schedules modules: a Stripe order whose dispute and
 * outside refund arrive by Stripe's signed webhooks (against the local Stripe-compatible server),
 * an order paid in 3 by the simulated acquirer whose last instalment ends 'Échéance impayée', an
 * order gift cards paid, and unknown ids. PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { issueTestGiftCard } from "../../../tests/support/gift-cards";
import { APPROVED_CARD, CONTACT, createShopper, pickProducts, setProductPrice } from "../../../tests/support/shoppers";
import { startStripeServer, type StripeEventJson, type StripeServer } from "../../../tests/support/stripe-server/server";
import { disputeCreatedEvent, signDelivery } from "../../../tests/support/stripe-server/webhooks";
import type { DatabaseHandle } from "../db/client";
import { paymentAttempts, paymentInstalments } from "../db/schema";
import { SimulatedPaymentProvider } from "../modules/payments/payment-provider";
import { createStripeClient, StripePaymentProvider } from "../modules/payments/stripe/stripe-provider";
import { PlaceOrderSchema, TEST_CARD_DECLINED, type PlaceOrderBody } from "~/domain/checkout/checkout.schema";
import type { ChargeRequest, ChargeResult } from "~/domain/payments/payment-provider";
import { addParisDays, parisDay } from "~/lib/paris-time";
import { chargeDueInstalments } from "./charge-instalments";
import { getAdminOrder } from "./order-views";
import { getOrderPayments } from "./order-payments";
import { placeOrder } from "./place-order";
import { receiveStripeWebhook } from "./stripe-webhooks";

/** Stands in for Stripe's Payment Element: the test card becomes the PaymentMethod Stripe.js would make. */
class PaymentElementCheckout extends StripePaymentProvider {
  constructor(private readonly server: StripeServer) {
    super(createStripeClient({ secretKey: server.secretKey, apiBase: server.url }));
  }
  override charge(request: ChargeRequest): Promise<ChargeResult> {
    if (request.source.type !== "card") return super.charge(request);
    return super.charge({ ...request, source: { type: "payment_method", id: this.server.createPaymentMethod("pm_card_visa") } });
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
const later = (days: number) => new Date(Date.now() + days * DAY_MS);

let handle: DatabaseHandle;
let server: StripeServer;
let stripe: PaymentElementCheckout;
let simulated: SimulatedPaymentProvider;
const encoder = new TextEncoder();

beforeAll(async () => {
  handle = await createTestDatabase();
  server = await startStripeServer();
  stripe = new PaymentElementCheckout(server);
  simulated = new SimulatedPaymentProvider(handle.db, `test-${randomUUID()}`);
});
afterAll(async () => {
  await server?.stop();
  await handle?.close();
});

/** What Stripe POSTs, signed with the endpoint's secret. */
function deliver(event: StripeEventJson) {
  const delivery = signDelivery(event, server.webhookSecret);
  return receiveStripeWebhook(
    handle.db,
    { payload: encoder.encode(delivery.payload), signature: delivery.header },
    { provider: stripe, secret: server.webhookSecret },
  );
}

/** The latest `charge.refunded` Stripe recorded about this PaymentIntent. */
function chargeRefundedEvent(paymentIntentId: string): StripeEventJson {
  const event = server
    .events()
    .filter((e) => e.type === "charge.refunded" && (e.data.object as { payment_intent?: string }).payment_intent === paymentIntentId)
    .at(-1);
  if (!event) throw new Error(`no charge.refunded about ${paymentIntentId}`);
  return event;
}

async function order(provider: SimulatedPaymentProvider | StripePaymentProvider, input: Partial<PlaceOrderBody> = {}, productId?: string) {
  const shopper = await createShopper(handle.db);
  const product = productId ?? (await pickProducts(handle.db, 1, 50))[0].id;
  const placed = await placeOrder(handle.db, {
    userId: shopper.id,
    idempotencyKey: randomUUID(),
    provider,
    request: PlaceOrderSchema.parse({
      address_id: shopper.addressId,
      contact: CONTACT,
      card: APPROVED_CARD,
      lines: [{ product_id: product, quantity: 1 }],
      ...input,
    }),
  });
  return { shopper, order: placed.order };
}

describe("getOrderPayments", () => {
  it("shows a Stripe order's charge, the dispute and the outside refund Stripe's webhooks reported, linked to the key's dashboard", async () => {
    const { order: placed } = await order(stripe);
    const [attempt] = await handle.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, placed.id));
    const paymentId = attempt.providerPaymentId!;
    expect(paymentId).toMatch(/^pi_/);

    // The cardholder's bank opens a chargeback; someone refunds 3 € from Stripe's dashboard.
    const dueBy = Math.floor(later(7).getTime() / 1000);
    expect(await deliver(disputeCreatedEvent(server, paymentId, { reason: "product_not_received", dueBy }))).toMatchObject({
      outcome: "dispute_recorded",
    });
    const outside = await stripe.stripe.refunds.create({ payment_intent: paymentId, amount: 300 });
    expect(await deliver(chargeRefundedEvent(paymentId))).toMatchObject({ outcome: "refunds_reconciled" });

    const view = await getOrderPayments(handle.db, placed.id, { stripeMode: "test" });
    expect(view).toEqual({
      order_id: placed.id,
      charges: [
        expect.objectContaining({
          kind: "payment",
          instalment_seq: null,
          provider: "stripe",
          provider_payment_id: paymentId,
          amount_cents: placed.total_cents,
          currency: "EUR",
          status: "succeeded",
          dashboard_url: `https://dashboard.stripe.com/test/payments/${paymentId}`,
        }),
      ],
      external_refunds: [expect.objectContaining({ id: outside.id, amount_cents: 300, currency: "EUR", provider_payment_id: paymentId })],
      disputes: [
        expect.objectContaining({
          provider: "stripe",
          provider_payment_id: paymentId,
          amount_cents: placed.total_cents,
          reason: "product_not_received",
          status: "needs_response",
          evidence_due_by: new Date(dueBy * 1000).toISOString(),
          needs_response: true,
          response_overdue: false,
        }),
      ],
    });
    expect(view!.charges[0].charged_at).toEqual(expect.any(String));

    // A live key: Stripe's live dashboard; after the due day, the answer is overdue.
    const live = await getOrderPayments(handle.db, placed.id, { stripeMode: "live", now: later(8) });
    expect(live!.charges[0].dashboard_url).toBe(`https://dashboard.stripe.com/payments/${paymentId}`);
    expect(live!.disputes[0]).toMatchObject({ needs_response: false, response_overdue: true });
  });

  it("lists the later instalments of an order paid in 3 as charges of their own, down to 'Échéance impayée'", async () => {
    const [product] = await pickProducts(handle.db, 1, 50);
    await setProductPrice(handle.db, product.id, 6000);
    const { shopper, order: placed } = await order(simulated, { instalments: 3 }, product.id);
    // The third instalment's card is declined from now on.
    const declining = await simulated.tokenize({ number: TEST_CARD_DECLINED, expiry: { month: 12, year: 2039 }, customerRef: shopper.id });
    if (!declining.ok) throw new Error("the decline card tokenizes");
    await handle.db.execute(
      sql`UPDATE payment_instalments SET provider_token = ${declining.token} WHERE order_id = ${placed.id} AND seq = 3`,
    );

    const today = parisDay(new Date());
    const before = await getOrderPayments(handle.db, placed.id, { stripeMode: "test" });
    const [first] = await simulated.listCharges();
    expect(before!.charges.map((c) => [c.kind, c.instalment_seq, c.status, c.due_date, c.provider, c.provider_payment_id])).toEqual([
      ["payment", 1, "succeeded", today, "simulated", first.paymentId],
      ["instalment", 2, "scheduled", addParisDays(today, 30), "simulated", null],
      ["instalment", 3, "scheduled", addParisDays(today, 60), "simulated", null],
    ]);
    expect(before!.charges.every((c) => c.dashboard_url === null)).toBe(true);

    // Day 60: the second is charged, the third declined and tried again on the next two days.
    await chargeDueInstalments(handle.db, { provider: simulated, now: later(60) });
    let charges = (await getOrderPayments(handle.db, placed.id))!.charges;
    const [, second] = await simulated.listCharges();
    expect(charges[1]).toMatchObject({ status: "succeeded", provider_payment_id: second.paymentId, charged_at: expect.any(String) });
    expect(charges[2]).toMatchObject({ status: "retrying", provider_payment_id: null, charged_at: null });
    await chargeDueInstalments(handle.db, { provider: simulated, now: later(61) });
    await chargeDueInstalments(handle.db, { provider: simulated, now: later(62) });
    charges = (await getOrderPayments(handle.db, placed.id))!.charges;
    expect(charges.map((c) => c.status)).toEqual(["succeeded", "succeeded", "unpaid"]);
    expect(charges.map((c) => c.amount_cents)).toEqual(
      (
        await handle.db.select().from(paymentInstalments).where(eq(paymentInstalments.orderId, placed.id)).orderBy(paymentInstalments.seq)
      ).map((i) => i.amountCents),
    );
    // The order's own view keeps its 'Échéance impayée' status and schedule.
    expect(await getAdminOrder(handle.db, placed.id)).toMatchObject({
      payment_status: "instalment_unpaid",
      payment_schedule: [{ status: "paid" }, { status: "paid" }, { status: "failed" }],
    });
  });

  it("answers no charge for an order gift cards paid, and null for an unknown or malformed id", async () => {
    const card = await issueTestGiftCard(handle.db, { amountCents: 100_000 });
    const { order: placed } = await order(simulated, { card: undefined, gift_card_codes: [card.code] });
    expect(placed.gift_card_cents).toBe(placed.total_cents);
    expect(await getOrderPayments(handle.db, placed.id, { stripeMode: "test" })).toEqual({
      order_id: placed.id,
      charges: [],
      external_refunds: [],
      disputes: [],
    });
    expect(await getOrderPayments(handle.db, randomUUID())).toBeNull();
    expect(await getOrderPayments(handle.db, "not-an-order")).toBeNull();
  });
});
