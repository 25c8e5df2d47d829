import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import { insertSeedProducts } from "../../db/seed/demo";
import {
  APPROVED_CARD,
  CONTACT,
  DECLINED_CARD,
  createShopper,
  setProductStock,
  type TestShopper,
} from "../../../../tests/support/shoppers";
import type { DatabaseHandle } from "../../db/client";
import { cartItems, orders, paymentAttempts, products, userProfiles } from "../../db/schema";
import { placeOrder as placeOrderOrThrow, PAYMENT_EXPIRED_MESSAGE } from "../../workflows/place-order";
import { PlaceOrderSchema } from "~/domain/checkout/checkout.schema";
import { beginPaymentAttempt, reconcilePayments, refundKeyOf } from "./payment-attempts.service";
import { SimulatedPaymentProvider, type PaymentProvider, type RefundRequest } from "./payment-provider";
import { settled } from "../../../../tests/support/domain-result";

const placeOrder = (...args: Parameters<typeof placeOrderOrThrow>) => settled(placeOrderOrThrow(...args));

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
  vi.restoreAllMocks();
});

/** A provider on its own merchant account: its books hold this test's money only. */
function newProvider(): SimulatedPaymentProvider {
  return new SimulatedPaymentProvider(handle.db, `test-${randomUUID()}`);
}

/**
 * "After the grace period": a clock a little ahead of real time and always moving forward, so an
 * attempt touched a millisecond ago already counts as older than a grace period of 0.
 */
let clock = Date.now() + 60_000;
const later = () => new Date((clock += 1000));
function settle(provider: PaymentProvider) {
  return reconcilePayments(handle.db, provider, { graceMs: 0, now: later() });
}

/** What kills the process in these tests: thrown from the hook, it skips every compensation. */
class SimulatedCrash extends Error {}

/** A product of 25 € with `stock` units (points can pay part of it). */
async function productWithStock(stock: number) {
  const [p] = await insertSeedProducts(handle.db, [{ name: `Sérum test ${randomUUID().slice(0, 8)}`, priceCents: 2500, stock }]);
  return p.id;
}

async function stockOf(id: string) {
  const [row] = await handle.db.select({ s: products.stockQuantity }).from(products).where(eq(products.id, id));
  return row.s;
}

async function pointsOf(userId: string) {
  const [row] = await handle.db.select({ p: userProfiles.loyaltyPoints }).from(userProfiles).where(eq(userProfiles.id, userId));
  return row.p;
}

async function attemptsOf(userId: string) {
  return handle.db.select().from(paymentAttempts).where(eq(paymentAttempts.userId, userId)).orderBy(desc(paymentAttempts.createdAt));
}

async function ordersOf(userId: string) {
  return handle.db.select().from(orders).where(eq(orders.userId, userId));
}

function orderInput(
  shopper: TestShopper,
  productId: string,
  provider: PaymentProvider,
  extra: { card?: typeof APPROVED_CARD; points?: number; key?: string } = {},
) {
  return {
    userId: shopper.id,
    idempotencyKey: extra.key ?? randomUUID(),
    provider,
    request: PlaceOrderSchema.parse({
      address_id: shopper.addressId,
      contact: CONTACT,
      card: extra.card ?? APPROVED_CARD,
      lines: [{ product_id: productId, quantity: 1 }],
      points_to_use: extra.points ?? 0,
    }),
  };
}

/** Places an order whose process "dies" at `stage`, after the card was charged. */
async function crashAfterCharge(
  shopper: TestShopper,
  productId: string,
  provider: PaymentProvider,
  stage: "charged_at_provider" | "attempt_charged",
  points = 0,
) {
  await expect(
    placeOrder(handle.db, {
      ...orderInput(shopper, productId, provider, { points }),
      testHooks: {
        afterCharge: (at) => {
          if (at === stage) throw new SimulatedCrash("kill -9");
        },
      },
    }),
  ).rejects.toBeInstanceOf(SimulatedCrash);
}

/** Counts the refunds a provider is asked for (the books would hide a second, idempotent one). */
function countingRefunds(provider: SimulatedPaymentProvider, delayMs = 0) {
  const calls: RefundRequest[] = [];
  const counted: PaymentProvider = {
    name: provider.name,
    tokenize: (r) => provider.tokenize(r),
    charge: (r) => provider.charge(r),
    completeAuthentication: (id, result) => provider.completeAuthentication(id, result),
    findCharge: (k) => provider.findCharge(k),
    refund: async (r) => {
      calls.push(r);
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      await provider.refund(r);
    },
  };
  return { counted, calls };
}

describe("a checkout that dies between the charge and the order's commit", () => {
  it("leaves a charged attempt that reconciliation refunds exactly once: no order, stock and points unchanged", async () => {
    const provider = newProvider();
    const productId = await productWithStock(5);
    const shopper = await createShopper(handle.db, { points: 300 });

    await crashAfterCharge(shopper, productId, provider, "attempt_charged", 100);

    const charges = await provider.listCharges();
    expect(charges.map((c) => c.amountCents)).toEqual([2500 - 1000 + 990]);
    expect(await provider.listRefunds()).toEqual([]);
    const [attempt] = await attemptsOf(shopper.id);
    expect(attempt).toMatchObject({ status: "charged", amountCents: 2490, providerPaymentId: charges[0].paymentId, orderId: null });

    // Within the grace period the attempt is left to its checkout.
    expect(await reconcilePayments(handle.db, provider, { graceMs: 60_000 })).toEqual({ examined: 0, refunded: 0, failed: 0, errors: 0 });
    expect(await provider.listRefunds()).toEqual([]);

    expect(await settle(provider)).toEqual({ examined: 1, refunded: 1, failed: 0, errors: 0 });
    const refunds = await provider.listRefunds();
    expect(refunds.map((r) => [r.paymentId, r.amountCents, r.refundKey])).toEqual([[charges[0].paymentId, 2490, refundKeyOf(attempt)]]);
    const [settled] = await attemptsOf(shopper.id);
    expect(settled).toMatchObject({ status: "refunded", orderId: null });
    expect(settled.refundedAt).toBeInstanceOf(Date);

    expect(await ordersOf(shopper.id)).toEqual([]);
    expect(await stockOf(productId)).toBe(5);
    expect(await pointsOf(shopper.id)).toBe(300);

    // Idempotent: a second run finds nothing and refunds nothing more.
    expect(await settle(provider)).toEqual({ examined: 0, refunded: 0, failed: 0, errors: 0 });
    expect(await provider.listRefunds()).toHaveLength(1);
  });

  it("refunds a charge the provider made before the attempt could be marked (found by its idempotency key)", async () => {
    const provider = newProvider();
    const productId = await productWithStock(3);
    const shopper = await createShopper(handle.db);

    await crashAfterCharge(shopper, productId, provider, "charged_at_provider");

    const [attempt] = await attemptsOf(shopper.id);
    expect(attempt).toMatchObject({ status: "pending", providerPaymentId: null });
    const [charge] = await provider.listCharges();
    expect(charge.idempotencyKey).toBe(attempt.providerKey);

    expect(await settle(provider)).toMatchObject({ examined: 1, refunded: 1 });
    expect((await provider.listRefunds()).map((r) => [r.paymentId, r.amountCents])).toEqual([[charge.paymentId, charge.amountCents]]);
    expect((await attemptsOf(shopper.id))[0]).toMatchObject({ status: "refunded", providerPaymentId: charge.paymentId });
    expect(await ordersOf(shopper.id)).toEqual([]);
    expect(await stockOf(productId)).toBe(3);
  });

  it("marks failed a pending attempt the provider never charged, refunding nothing", async () => {
    const provider = newProvider();
    const shopper = await createShopper(handle.db);
    const begun = await beginPaymentAttempt(handle.db, {
      userId: shopper.id,
      idempotencyKey: randomUUID(),
      amountCents: 1990,
      currency: "EUR",
      provider: provider.name,
    });
    expect(begun.kind).toBe("new");

    expect(await settle(provider)).toMatchObject({ examined: 1, refunded: 0, failed: 1 });
    expect((await attemptsOf(shopper.id))[0]).toMatchObject({ status: "failed", lastError: "never charged at the provider" });
    expect(await provider.listRefunds()).toEqual([]);
  });

  it("two reconciliations at once refund each orphan charge once", async () => {
    const provider = newProvider();
    const productId = await productWithStock(20);
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => createShopper(handle.db)));
    for (const [i, s] of shoppers.entries()) {
      await crashAfterCharge(s, productId, provider, i % 2 === 0 ? "attempt_charged" : "charged_at_provider");
    }
    // The refunds are slow, so both passes are under way together.
    const { counted, calls } = countingRefunds(provider, 30);
    // Two server processes: one clock, the same attempts in view.
    const now = later();
    const [a, b] = await Promise.all([
      reconcilePayments(handle.db, counted, { graceMs: 0, now }),
      reconcilePayments(handle.db, counted, { graceMs: 0, now }),
    ]);
    expect(a.refunded + b.refunded).toBe(6);
    expect(a.errors + b.errors).toBe(0);
    expect(calls).toHaveLength(6);
    expect(new Set(calls.map((c) => c.paymentId)).size).toBe(6);
    const refunds = await provider.listRefunds();
    expect(refunds).toHaveLength(6);
    for (const s of shoppers) expect((await attemptsOf(s.id))[0].status).toBe("refunded");
    expect(await stockOf(productId)).toBe(20);
  });

  it("a refund cut short is finished by a later pass with the same refund key", async () => {
    const provider = newProvider();
    const productId = await productWithStock(2);
    const shopper = await createShopper(handle.db);
    await crashAfterCharge(shopper, productId, provider, "attempt_charged");
    const failing: PaymentProvider = {
      name: provider.name,
      tokenize: (r) => provider.tokenize(r),
      charge: (r) => provider.charge(r),
      completeAuthentication: (id, result) => provider.completeAuthentication(id, result),
      findCharge: (k) => provider.findCharge(k),
      refund: async () => {
        throw new Error("acquirer unreachable");
      },
    };
    expect(await settle(failing)).toMatchObject({ examined: 1, refunded: 0, errors: 1 });
    expect((await attemptsOf(shopper.id))[0]).toMatchObject({ status: "refunding", lastError: "acquirer unreachable" });
    // Held by the pass that claimed it until the grace period has passed again.
    expect(await reconcilePayments(handle.db, provider, { graceMs: 60_000 })).toMatchObject({ examined: 0 });
    expect(await settle(provider)).toMatchObject({ examined: 1, refunded: 1 });
    expect(await provider.listRefunds()).toHaveLength(1);
    expect((await attemptsOf(shopper.id))[0].status).toBe("refunded");
  });
});

describe("the checkout and the reconciliation job never both act on one attempt", () => {
  it("an attempt the job settled while the checkout was still running gets no order and one refund", async () => {
    const provider = newProvider();
    const productId = await productWithStock(4);
    const shopper = await createShopper(handle.db);
    const result = await placeOrder(handle.db, {
      ...orderInput(shopper, productId, provider),
      // A checkout slower than the grace period: the job runs between its charge and its transaction.
      testHooks: { afterCharge: async (at) => void (at === "attempt_charged" && (await settle(provider))) },
    });
    expect(result).toMatchObject({ ok: false, status: 409, code: "payment_expired", message: PAYMENT_EXPIRED_MESSAGE });
    expect(await ordersOf(shopper.id)).toEqual([]);
    expect(await provider.listRefunds()).toHaveLength(1);
    expect((await attemptsOf(shopper.id))[0].status).toBe("refunded");
    expect(await stockOf(productId)).toBe(4);
  });

  it("a charge landing after the job looked at the attempt is refunded once, under the job's key", async () => {
    const provider = newProvider();
    const productId = await productWithStock(4);
    const shopper = await createShopper(handle.db);
    const result = await placeOrder(handle.db, {
      ...orderInput(shopper, productId, provider),
      testHooks: { afterCharge: async (at) => void (at === "charged_at_provider" && (await settle(provider))) },
    });
    expect(result).toMatchObject({ ok: false, code: "payment_expired" });
    const [charge] = await provider.listCharges();
    expect((await provider.listRefunds()).map((r) => [r.paymentId, r.amountCents])).toEqual([[charge.paymentId, charge.amountCents]]);
    expect(await ordersOf(shopper.id)).toEqual([]);
  });
});

describe("payment attempts of ordinary checkouts", () => {
  it("links the attempt to its order in the order's transaction", async () => {
    const provider = newProvider();
    const productId = await productWithStock(3);
    const shopper = await createShopper(handle.db);
    const result = await placeOrder(handle.db, orderInput(shopper, productId, provider));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [attempt] = await attemptsOf(shopper.id);
    const [charge] = await provider.listCharges();
    expect(attempt).toMatchObject({
      status: "linked",
      orderId: result.order.id,
      providerPaymentId: charge.paymentId,
      amountCents: result.order.total_cents,
    });
    // A linked attempt is never touched by the job.
    expect(await settle(provider)).toMatchObject({ examined: 0 });
    expect(await provider.listRefunds()).toEqual([]);
  });

  it("a declined card fails the attempt; the same key with a good card then pays once", async () => {
    const provider = newProvider();
    const productId = await productWithStock(3);
    const shopper = await createShopper(handle.db);
    const key = randomUUID();
    const declined = await placeOrder(handle.db, orderInput(shopper, productId, provider, { key, card: DECLINED_CARD }));
    expect(declined).toMatchObject({ ok: false, status: 402, code: "payment_declined" });
    expect((await attemptsOf(shopper.id))[0]).toMatchObject({ status: "failed", tries: 1 });

    const paid = await placeOrder(handle.db, orderInput(shopper, productId, provider, { key }));
    expect(paid.ok).toBe(true);
    const attempts = await attemptsOf(shopper.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ status: "linked", tries: 2 });
    expect(await provider.listCharges()).toHaveLength(1);
    // And again: the order, not a second charge.
    const replay = await placeOrder(handle.db, orderInput(shopper, productId, provider, { key }));
    expect(replay).toMatchObject({ ok: true, replayed: true });
    expect(await provider.listCharges()).toHaveLength(1);
  });

  it("refunds and marks the attempt when the order transaction fails after the charge", async () => {
    const provider = newProvider();
    const productId = await productWithStock(1);
    const shopper = await createShopper(handle.db);
    const result = await placeOrder(handle.db, {
      ...orderInput(shopper, productId, provider),
      // The last unit goes to someone else between the charge and the transaction.
      testHooks: {
        afterCharge: async (at) => void (at === "attempt_charged" && (await setProductStock(handle.db, productId, 0))),
      },
    });
    expect(result).toMatchObject({ ok: false, code: "insufficient_stock" });
    expect((await attemptsOf(shopper.id))[0]).toMatchObject({ status: "refunded", lastError: "order refused: insufficient_stock" });
    expect(await provider.listRefunds()).toHaveLength(1);
    expect(await settle(provider)).toMatchObject({ examined: 0 });
    expect(await handle.db.select().from(cartItems).where(eq(cartItems.userId, shopper.id))).toEqual([]);
  });
});

describe("the simulated acquirer's books", () => {
  it("charges a key once, refunds a (payment, key) once and never more than was charged", async () => {
    const provider = newProvider();
    const first = await provider.charge({
      amountCents: 1000,
      currency: "EUR",
      source: { type: "card", card: APPROVED_CARD },
      customerRef: "test",
      idempotencyKey: "k1",
      description: "x",
    });
    const again = await provider.charge({
      amountCents: 1000,
      currency: "EUR",
      source: { type: "card", card: APPROVED_CARD },
      customerRef: "test",
      idempotencyKey: "k1",
      description: "x",
    });
    expect(first.ok && again.ok && first.paymentId === again.paymentId).toBe(true);
    if (!first.ok) return;
    expect(await provider.findCharge("k1")).toEqual({ paymentId: first.paymentId, amountCents: 1000, refundedCents: 0 });
    expect(await provider.findCharge("k2")).toBeNull();
    // Another merchant account does not see it.
    expect(await newProvider().findCharge("k1")).toBeNull();

    await provider.refund({ paymentId: first.paymentId, amountCents: 600, idempotencyKey: "r1" });
    await provider.refund({ paymentId: first.paymentId, amountCents: 600, idempotencyKey: "r1" });
    await expect(provider.refund({ paymentId: first.paymentId, amountCents: 600, idempotencyKey: "r2" })).rejects.toThrow(/refused/);
    await provider.refund({ paymentId: first.paymentId, amountCents: 400, idempotencyKey: "r2" });
    await expect(provider.refund({ paymentId: "sim_unknown", amountCents: 1, idempotencyKey: "r3" })).rejects.toThrow(/refused/);
    expect((await provider.listRefunds()).map((r) => r.amountCents)).toEqual([600, 400]);
    expect(await provider.findCharge("k1")).toMatchObject({ refundedCents: 1000 });
  });
});
