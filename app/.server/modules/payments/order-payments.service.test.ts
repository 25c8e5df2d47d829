/**
 * The payments module's read of an order's payments (docs/decisions/061-order-payments-in-back-office.md):
 * its attempts, the refunds made outside the shop and the disputes, written through the module's
 * own writers, with Stripe's dashboard links by key mode. PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/support/db";
import { issueTestGiftCard } from "../../../../tests/support/gift-cards";
import { CONTACT, createShopper, pickProducts } from "../../../../tests/support/shoppers";
import type { DatabaseHandle } from "../../db/client";
import { placeOrder } from "../../workflows/place-order";
import { PlaceOrderSchema } from "~/domain/checkout/checkout.schema";
import { beginPaymentAttempt, linkPaymentAttempt, markAttemptCharged } from "./payment-attempts.service";
import { recordExternalRefund, recordPaymentDispute } from "./payment-reports.service";
import { readOrderPaymentRecords } from "./order-payments.service";
import { SimulatedPaymentProvider } from "./payment-provider";

let handle: DatabaseHandle;
let provider: SimulatedPaymentProvider;

beforeAll(async () => {
  handle = await createTestDatabase();
  provider = new SimulatedPaymentProvider(handle.db, `test-${randomUUID()}`);
});
afterAll(async () => {
  await handle?.close();
});

/** An order gift cards paid in full: no card payment of its own, for the module to attach one to. */
async function orderPaidByGiftCard() {
  const card = await issueTestGiftCard(handle.db, { amountCents: 100_000 });
  const shopper = await createShopper(handle.db);
  const [product] = await pickProducts(handle.db, 1, 50);
  const placed = await placeOrder(handle.db, {
    userId: shopper.id,
    idempotencyKey: randomUUID(),
    provider,
    request: PlaceOrderSchema.parse({
      address_id: shopper.addressId,
      contact: CONTACT,
      lines: [{ product_id: product.id, quantity: 1 }],
      gift_card_codes: [card.code],
    }),
  });
  return { order: placed.order, shopper };
}

/** A Stripe charge of the order, through the attempt's life: begun, charged with its PaymentIntent, linked. */
async function stripeAttempt(orderId: string, userId: string, paymentId: string, amountCents: number) {
  const begun = await beginPaymentAttempt(handle.db, {
    userId,
    idempotencyKey: `checkout-${randomUUID()}`,
    amountCents,
    currency: "EUR",
    provider: "stripe",
  });
  if (begun.kind !== "new") throw new Error("a new attempt was expected");
  expect(await markAttemptCharged(handle.db, begun.attempt.id, paymentId, new Date("2026-03-02T09:30:00Z"))).toBe(true);
  expect(await handle.db.transaction((tx) => linkPaymentAttempt(tx, begun.attempt.id, orderId))).toBe(true);
  return begun.attempt;
}

describe("readOrderPaymentRecords", () => {
  it("answers nothing for an order gift cards paid, whatever the key mode", async () => {
    const { order } = await orderPaidByGiftCard();
    expect(order.gift_card_cents).toBe(order.total_cents);
    expect(await readOrderPaymentRecords(handle.db, order.id, { stripeMode: "test" })).toEqual({
      charges: [],
      external_refunds: [],
      disputes: [],
    });
  });

  it("gives a Stripe charge, its outside refund and its disputes, with the dashboard of the key's mode", async () => {
    const { order, shopper } = await orderPaidByGiftCard();
    const paymentId = `pi_${randomUUID().replaceAll("-", "")}`;
    const attempt = await stripeAttempt(order.id, shopper.id, paymentId, 4200);
    const report = { provider: "stripe", paymentId, chargeId: "ch_1", attemptId: attempt.id, orderId: order.id, currency: "eur" };
    expect(
      await recordExternalRefund(handle.db, {
        ...report,
        id: "re_outside_1",
        amountCents: 700,
        reason: "requested_by_customer",
        refundedAt: new Date("2026-03-05T10:00:00Z"),
      }),
    ).toBe(true);
    const dueBy = new Date("2026-03-20T23:59:59Z");
    for (const dispute of [
      {
        id: "dp_open",
        reason: "product_not_received",
        status: "needs_response",
        evidenceDueBy: dueBy,
        openedAt: new Date("2026-03-06T08:00:00Z"),
      },
      {
        id: "dp_late",
        reason: "a_new_reason",
        status: "warning_needs_response",
        evidenceDueBy: new Date("2026-03-01T00:00:00Z"),
        openedAt: new Date("2026-02-20T08:00:00Z"),
      },
      { id: "dp_review", reason: "fraudulent", status: "under_review", evidenceDueBy: null, openedAt: new Date("2026-03-07T08:00:00Z") },
    ]) {
      expect(await recordPaymentDispute(handle.db, { ...report, ...dispute, amountCents: 4200 })).toBe(true);
    }
    // A dispute of another order stays there.
    const other = await orderPaidByGiftCard();
    await recordPaymentDispute(handle.db, {
      ...report,
      orderId: other.order.id,
      attemptId: null,
      id: "dp_other",
      amountCents: 100,
      reason: "general",
      status: "needs_response",
      evidenceDueBy: null,
      openedAt: new Date(),
    });

    const now = new Date("2026-03-10T12:00:00Z");
    const test = await readOrderPaymentRecords(handle.db, order.id, { stripeMode: "test", now });
    expect(test.charges).toEqual([
      {
        id: attempt.id,
        kind: "payment",
        instalment_seq: null,
        provider: "stripe",
        provider_payment_id: paymentId,
        amount_cents: 4200,
        currency: "EUR",
        status: "succeeded",
        created_at: attempt.createdAt.toISOString(),
        charged_at: "2026-03-02T09:30:00.000Z",
        due_date: null,
        dashboard_url: `https://dashboard.stripe.com/test/payments/${paymentId}`,
      },
    ]);
    expect(test.external_refunds).toEqual([
      {
        id: "re_outside_1",
        provider: "stripe",
        provider_payment_id: paymentId,
        amount_cents: 700,
        currency: "EUR",
        reason: "requested_by_customer",
        refunded_at: "2026-03-05T10:00:00.000Z",
        dashboard_url: `https://dashboard.stripe.com/test/payments/${paymentId}`,
      },
    ]);
    // Oldest first; one waits for an answer, one is past its day, one is with the bank.
    expect(test.disputes.map((d) => [d.id, d.reason, d.status, d.needs_response, d.response_overdue])).toEqual([
      ["dp_late", "a_new_reason", "warning_needs_response", false, true],
      ["dp_open", "product_not_received", "needs_response", true, false],
      ["dp_review", "fraudulent", "under_review", false, false],
    ]);
    expect(test.disputes[1]).toMatchObject({
      amount_cents: 4200,
      currency: "EUR",
      evidence_due_by: dueBy.toISOString(),
      opened_at: "2026-03-06T08:00:00.000Z",
      dashboard_url: `https://dashboard.stripe.com/test/payments/${paymentId}`,
    });

    const live = await readOrderPaymentRecords(handle.db, order.id, { stripeMode: "live", now });
    expect(live.charges[0].dashboard_url).toBe(`https://dashboard.stripe.com/payments/${paymentId}`);
    expect(live.disputes.every((d) => d.dashboard_url === `https://dashboard.stripe.com/payments/${paymentId}`)).toBe(true);
    // No key configured (the shop went back to the simulated acquirer): no dashboard to point to.
    const none = await readOrderPaymentRecords(handle.db, order.id, { stripeMode: null, now });
    expect(none.charges[0].dashboard_url).toBeNull();
    expect(none.external_refunds[0].dashboard_url).toBeNull();
  });

  it("gives the simulated acquirer's charge without a dashboard link", async () => {
    const shopper = await createShopper(handle.db);
    const [product] = await pickProducts(handle.db, 1, 50);
    const placed = await placeOrder(handle.db, {
      userId: shopper.id,
      idempotencyKey: randomUUID(),
      provider,
      request: PlaceOrderSchema.parse({
        address_id: shopper.addressId,
        contact: CONTACT,
        card: { holder: "Marie Curie", number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" },
        lines: [{ product_id: product.id, quantity: 1 }],
      }),
    });
    const [charge] = await provider.listCharges();
    const records = await readOrderPaymentRecords(handle.db, placed.order.id, { stripeMode: "live" });
    expect(records.charges).toEqual([
      expect.objectContaining({
        provider: "simulated",
        provider_payment_id: charge.paymentId,
        amount_cents: placed.order.total_cents,
        status: "succeeded",
        dashboard_url: null,
      }),
    ]);
  });
});
