/**
 * Crash recovery (decision 021) with Stripe as the provider (decision 059): the payment attempts
 * the shop records, the reconciliation job, and the local Stripe-compatible server through the SDK.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../../tests/support/db";
import { createShopper } from "../../../../../tests/support/shoppers";
import { startStripeServer, type StripeServer } from "../../../../../tests/support/stripe-server/server";
import type { DatabaseHandle } from "../../../db/client";
import { paymentAttempts } from "../../../db/schema";
import {
  beginPaymentAttempt,
  markAttemptCharged,
  markAttemptRequiresAction,
  reconcilePayments,
  refundKeyOf,
} from "../payment-attempts.service";
import { createStripeProvider, type StripePaymentProvider } from "./stripe-provider";

let handle: DatabaseHandle;
let server: StripeServer;
let provider: StripePaymentProvider;

beforeAll(async () => {
  handle = await createTestDatabase();
  server = await startStripeServer();
  provider = createStripeProvider({ secretKey: server.secretKey, apiBase: server.url });
});
afterAll(async () => {
  await server?.stop();
  await handle?.close();
});

/** A clock ahead of real time, always moving forward: every attempt is past its grace period. */
let clock = Date.now() + 60_000;
const later = () => new Date((clock += 1000));

async function begin(amountCents: number) {
  const shopper = await createShopper(handle.db);
  const begun = await beginPaymentAttempt(handle.db, {
    userId: shopper.id,
    idempotencyKey: `checkout-${shopper.id}`,
    amountCents,
    currency: "EUR",
    provider: provider.name,
  });
  if (begun.kind !== "new") throw new Error("new attempt expected");
  return { shopper, attempt: begun.attempt };
}

async function statusOf(attemptId: string) {
  const [row] = await handle.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId));
  return row!;
}

describe("reconciliation with Stripe", () => {
  it("refunds, once, a charge a crash left unrecorded, found through Stripe's search", async () => {
    server.setSearchIndexDelay(200);
    const { shopper, attempt } = await begin(3300);
    const charged = await provider.charge({
      amountCents: 3300,
      currency: "EUR",
      source: { type: "payment_method", id: server.createPaymentMethod("pm_card_visa") },
      customerRef: shopper.id,
      idempotencyKey: attempt.providerKey,
      description: "Aurore, commande test",
    });
    expect(charged.ok).toBe(true);
    // The process dies here: the attempt stays `pending`, the shop does not know the charge.
    // The job runs after its grace period, longer than Stripe's search takes to index it.
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await reconcilePayments(handle.db, provider, { graceMs: 0, now: later() })).toMatchObject({ refunded: 1, errors: 0 });
    expect(await reconcilePayments(handle.db, provider, { graceMs: 0, now: later() })).toMatchObject({ examined: 0 });
    const refunds = server.refunds().filter((r) => r.payment_intent === (charged.ok ? charged.paymentId : ""));
    expect(refunds).toEqual([expect.objectContaining({ amount: 3300, metadata: { refund_key: refundKeyOf(attempt) } })]);
    expect(await statusOf(attempt.id)).toMatchObject({ status: "refunded", providerPaymentId: charged.ok ? charged.paymentId : "" });
    server.setSearchIndexDelay(0);
  });

  it("refunds a charged attempt whose order never came", async () => {
    const { shopper, attempt } = await begin(1800);
    const charged = await provider.charge({
      amountCents: 1800,
      currency: "EUR",
      source: { type: "payment_method", id: server.createPaymentMethod("pm_card_mastercard") },
      customerRef: shopper.id,
      idempotencyKey: attempt.providerKey,
      description: "Aurore, commande test",
    });
    if (!charged.ok) throw new Error("charge expected");
    expect(await markAttemptCharged(handle.db, attempt.id, charged.paymentId)).toBe(true);
    expect(await reconcilePayments(handle.db, provider, { graceMs: 0, now: later() })).toMatchObject({ refunded: 1 });
    expect(
      server
        .refunds()
        .filter((r) => r.payment_intent === charged.paymentId)
        .map((r) => r.amount),
    ).toEqual([1800]);
  });

  it("closes at Stripe an authentication the shopper abandoned, so it can no longer charge", async () => {
    const { shopper, attempt } = await begin(2500);
    const asked = await provider.charge({
      amountCents: 2500,
      currency: "EUR",
      source: { type: "payment_method", id: server.createPaymentMethod("pm_card_authenticationRequired") },
      customerRef: shopper.id,
      idempotencyKey: attempt.providerKey,
      description: "Aurore, commande test",
    });
    if (asked.ok || asked.code !== "authentication_required") throw new Error("authentication expected");
    expect(await markAttemptRequiresAction(handle.db, attempt.id, asked.authenticationId, {})).toBe(true);
    expect(await reconcilePayments(handle.db, provider, { graceMs: 0, authenticationTtlMs: 0, now: later() })).toMatchObject({
      failed: 1,
      errors: 0,
    });
    expect(server.paymentIntent(asked.authenticationId)?.status).toBe("canceled");
    expect(await statusOf(attempt.id)).toMatchObject({ status: "failed" });
  });
});
