/**
 * Paying with a saved card and strong customer authentication (docs/decisions/034): the order is
 * made once, from the server's checks, and never charged twice, whatever the shopper or another
 * shopper sends.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { APPROVED_CARD, CONTACT, createShopper, DECLINED_CARD, pickProducts, setProductStock } from "../../../tests/support/shoppers";
import { settled } from "../../../tests/support/domain-result";
import type { DatabaseHandle } from "../db/client";
import { orders, paymentAttempts, paymentMethods, products, simulatedAcquirerCards } from "../db/schema";
import { SimulatedPaymentProvider, WRONG_CVC_MESSAGE } from "../modules/payments/payment-provider";
import { reconcilePayments } from "../modules/payments/payment-attempts.service";
import { PlaceOrderSchema, TEST_CARD_AUTHENTICATION, type PlaceOrderBody } from "~/domain/checkout/checkout.schema";
import { isDomainError } from "~/domain/errors";
import { attachMetrics, type MetricsRecorder } from "../metrics";
import { completeOrderAuthentication, placeOrder } from "./place-order";

let handle: DatabaseHandle;
let provider: SimulatedPaymentProvider;
const AUTH_CARD = { ...APPROVED_CARD, number: TEST_CARD_AUTHENTICATION };

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(() => {
  provider = new SimulatedPaymentProvider(handle.db, `test-${randomUUID()}`);
});

async function buyer() {
  const shopper = await createShopper(handle.db);
  const [product] = await pickProducts(handle.db, 1, 5);
  return { shopper, product };
}

function body(addressId: string, productId: string, input: Partial<PlaceOrderBody>) {
  return PlaceOrderSchema.parse({ contact: CONTACT, address_id: addressId, lines: [{ product_id: productId, quantity: 1 }], ...input });
}

const order = (userId: string, request: ReturnType<typeof body>, key = randomUUID()) =>
  settled(placeOrder(handle.db, { userId, idempotencyKey: key, request, provider }));

/** The 402 asking for authentication, as the API answers it: its authentication id. */
async function authenticationAsked(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (error) {
    if (isDomainError(error) && error.code === "authentication_required") {
      expect(error.kind).toBe("payment_declined");
      const next = (error.details as { next_action: { type: string; authentication_id: string } }).next_action;
      expect(next.type).toBe("authenticate");
      return next.authentication_id;
    }
    throw error;
  }
  throw new Error("expected authentication_required");
}

async function ordersOf(userId: string) {
  return handle.db.select().from(orders).where(eq(orders.userId, userId));
}

async function stockOf(id: string) {
  const [row] = await handle.db.select({ s: products.stockQuantity }).from(products).where(eq(products.id, id));
  return row.s;
}

describe("paying with a saved card", () => {
  it("saves the card as a provider token, then pays with it and its CVC", async () => {
    const { shopper, product } = await buyer();
    const first = await order(shopper.id, body(shopper.addressId, product.id, { card: APPROVED_CARD, save_card: true }));
    expect(first.ok).toBe(true);
    const [saved] = await handle.db.select().from(paymentMethods).where(eq(paymentMethods.userId, shopper.id));
    expect(saved).toMatchObject({ cardBrand: "visa", cardLastFour: "4242", expMonth: 12, expYear: 2039 });
    expect(saved.providerToken).toMatch(/^tok_/);

    const second = await order(shopper.id, body(shopper.addressId, product.id, { payment_method_id: saved.id, cvc: "123" }));
    expect(second.ok && second.order.metadata.payment).toMatchObject({ brand: "visa", last_four: "4242" });
    expect(await provider.listCharges()).toHaveLength(2);
  });

  it("refuses another shopper's card, an untokenized or expired card, a missing or wrong CVC, and both choices at once", async () => {
    const { shopper, product } = await buyer();
    const other = await createShopper(handle.db);
    const [theirs] = await handle.db
      .insert(paymentMethods)
      .values({
        userId: other.id,
        cardBrand: "visa",
        cardLastFour: "4242",
        cardHolderName: "O",
        expMonth: 12,
        expYear: 2039,
        providerToken: "tok_x",
        isDefault: true,
      })
      .returning();
    const [legacy] = await handle.db
      .insert(paymentMethods)
      .values({ userId: shopper.id, cardBrand: "visa", cardLastFour: "1111", cardHolderName: "M", isDefault: true })
      .returning();
    const made = await provider.tokenize({
      number: APPROVED_CARD.number,
      expiry: { month: 12, year: 2039 },
      cvc: "123",
      customerRef: shopper.id,
    });
    if (!made.ok) throw new Error("tokenize");
    const [expired] = await handle.db
      .insert(paymentMethods)
      .values({
        userId: shopper.id,
        cardBrand: "visa",
        cardLastFour: "4242",
        cardHolderName: "M",
        expMonth: 1,
        expYear: 2021,
        providerToken: made.token,
      })
      .returning();
    const [good] = await handle.db
      .insert(paymentMethods)
      .values({
        userId: shopper.id,
        cardBrand: "visa",
        cardLastFour: "4242",
        cardHolderName: "M",
        expMonth: 12,
        expYear: 2039,
        providerToken: made.token,
      })
      .returning();
    const stock = await stockOf(product.id);

    const cases: [Partial<PlaceOrderBody>, number, string][] = [
      [{ payment_method_id: theirs.id, cvc: "123" }, 404, "payment_method_not_found"],
      [{ payment_method_id: randomUUID(), cvc: "123" }, 404, "payment_method_not_found"],
      [{ payment_method_id: legacy.id, cvc: "123" }, 400, "payment_method_not_usable"],
      [{ payment_method_id: expired.id, cvc: "123" }, 400, "card_expired"],
      [{ payment_method_id: good.id }, 400, "cvc_required"],
      [{ payment_method_id: good.id, cvc: "999" }, 402, "payment_declined"],
      [{ payment_method_id: good.id, cvc: "123", card: APPROVED_CARD }, 400, "payment_choice"],
    ];
    for (const [input, status, code] of cases) {
      const refused = await order(shopper.id, body(shopper.addressId, product.id, input));
      expect(refused, code).toMatchObject({ ok: false, status, code });
      if (code === "payment_declined" && !refused.ok) expect([refused.message, refused.field]).toEqual([WRONG_CVC_MESSAGE, "cvc"]);
    }
    // A token stolen from another customer does not pay at the provider either.
    expect(await ordersOf(shopper.id)).toEqual([]);
    expect(await provider.listCharges()).toEqual([]);
    expect(await stockOf(product.id)).toBe(stock);
    expect(() => body(shopper.addressId, product.id, { payment_method_id: "not-a-uuid", cvc: "123" })).toThrow();
    expect(() => body(shopper.addressId, product.id, { payment_method_id: good.id, cvc: "12a" })).toThrow();
  });
});

describe("3-D Secure", () => {
  it("answers 402 with a next action, then makes the order once on success", async () => {
    const { shopper, product } = await buyer();
    const stock = await stockOf(product.id);
    const key = randomUUID();
    const request = body(shopper.addressId, product.id, { card: AUTH_CARD, save_card: true });
    const authId = await authenticationAsked(placeOrder(handle.db, { userId: shopper.id, idempotencyKey: key, request, provider }));
    // Nothing taken yet: no order, no stock, no charge; the same request again shows the same challenge.
    expect(await ordersOf(shopper.id)).toEqual([]);
    expect(await stockOf(product.id)).toBe(stock);
    expect(await provider.listCharges()).toEqual([]);
    expect(await authenticationAsked(placeOrder(handle.db, { userId: shopper.id, idempotencyKey: key, request, provider }))).toBe(authId);
    // Asking again made no second token at the provider.
    expect(await handle.db.select().from(simulatedAcquirerCards).where(eq(simulatedAcquirerCards.customerRef, shopper.id))).toHaveLength(1);
    // The attempt keeps no card number and no CVC.
    const [attempt] = await handle.db.select().from(paymentAttempts).where(eq(paymentAttempts.authenticationId, authId));
    expect(attempt.status).toBe("requires_action");
    expect(JSON.stringify(attempt.resumeRequest)).not.toMatch(/4000002760003184|"cvc"/);

    // Someone else cannot complete it.
    const mallory = await createShopper(handle.db);
    expect(
      await settled(
        completeOrderAuthentication(handle.db, { userId: mallory.id, authenticationId: authId, result: "succeeded", provider }),
      ),
    ).toMatchObject({
      ok: false,
      status: 404,
      code: "authentication_not_found",
    });

    const done = await settled(
      completeOrderAuthentication(handle.db, { userId: shopper.id, authenticationId: authId, result: "succeeded", provider }),
    );
    expect(done.ok).toBe(true);
    if (!done.ok) return;
    expect(done.order.metadata.payment).toMatchObject({ last_four: "3184" });
    expect(await stockOf(product.id)).toBe(stock - 1);
    // Completed twice: refused, nothing more.
    expect(
      await settled(
        completeOrderAuthentication(handle.db, { userId: shopper.id, authenticationId: authId, result: "succeeded", provider }),
      ),
    ).toMatchObject({
      ok: false,
      status: 409,
      code: "authentication_completed",
    });
    // The same Idempotency-Key now answers the order.
    const replay = await order(shopper.id, request, key);
    expect(replay.ok && replay.replayed && replay.order.id === done.order.id).toBe(true);
    expect(await ordersOf(shopper.id)).toHaveLength(1);
    expect(await provider.listCharges()).toHaveLength(1);
    // The card asked to be kept is kept as a token.
    const cards = await handle.db.select().from(paymentMethods).where(eq(paymentMethods.userId, shopper.id));
    expect(cards).toEqual([expect.objectContaining({ cardLastFour: "3184", providerToken: expect.stringMatching(/^tok_/) })]);
  });

  it("charges nothing when the authentication fails, and a new try asks again", async () => {
    const { shopper, product } = await buyer();
    const key = randomUUID();
    const request = body(shopper.addressId, product.id, { card: AUTH_CARD });
    const authId = await authenticationAsked(placeOrder(handle.db, { userId: shopper.id, idempotencyKey: key, request, provider }));
    const failed = await settled(
      completeOrderAuthentication(handle.db, { userId: shopper.id, authenticationId: authId, result: "failed", provider }),
    );
    expect(failed).toMatchObject({ ok: false, status: 402, code: "payment_declined" });
    expect(await ordersOf(shopper.id)).toEqual([]);
    expect(await provider.listCharges()).toEqual([]);
    const again = await authenticationAsked(placeOrder(handle.db, { userId: shopper.id, idempotencyKey: key, request, provider }));
    expect(again).not.toBe(authId);
  });

  it("makes one order and one charge when the answer arrives twice at the same moment", async () => {
    const { shopper, product } = await buyer();
    const request = body(shopper.addressId, product.id, { card: AUTH_CARD });
    const authId = await authenticationAsked(
      placeOrder(handle.db, { userId: shopper.id, idempotencyKey: randomUUID(), request, provider }),
    );
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        settled(completeOrderAuthentication(handle.db, { userId: shopper.id, authenticationId: authId, result: "succeeded", provider })),
      ),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.filter((a) => !a.ok).every((a) => !a.ok && a.code === "authentication_completed")).toBe(true);
    expect(await ordersOf(shopper.id)).toHaveLength(1);
    expect(await provider.listCharges()).toHaveLength(1);
  });

  it("refunds the authenticated charge when the stock went while the shopper was at the bank", async () => {
    const { shopper, product } = await buyer();
    const request = body(shopper.addressId, product.id, { card: AUTH_CARD });
    const authId = await authenticationAsked(
      placeOrder(handle.db, { userId: shopper.id, idempotencyKey: randomUUID(), request, provider }),
    );
    await setProductStock(handle.db, product.id, 0);
    const refused = await settled(
      completeOrderAuthentication(handle.db, { userId: shopper.id, authenticationId: authId, result: "succeeded", provider }),
    );
    expect(refused).toMatchObject({ ok: false, status: 409, code: "insufficient_stock" });
    expect(await ordersOf(shopper.id)).toEqual([]);
    const [charge] = await provider.listCharges();
    expect(await provider.listRefunds()).toEqual([
      expect.objectContaining({ paymentId: charge.paymentId, amountCents: charge.amountCents }),
    ]);
    await setProductStock(handle.db, product.id, 5);
  });

  it("gives up an authentication never answered: closed at the bank, the attempt failed, a late answer refused", async () => {
    const { shopper, product } = await buyer();
    const request = body(shopper.addressId, product.id, { card: AUTH_CARD });
    const authId = await authenticationAsked(
      placeOrder(handle.db, { userId: shopper.id, idempotencyKey: randomUUID(), request, provider }),
    );
    // Within the authentication's lifetime the job leaves it alone.
    await reconcilePayments(handle.db, provider, { graceMs: 0 });
    const [waiting] = await handle.db.select().from(paymentAttempts).where(eq(paymentAttempts.authenticationId, authId));
    expect(waiting.status).toBe("requires_action");

    const result = await reconcilePayments(handle.db, provider, { graceMs: 0, authenticationTtlMs: 0, now: new Date(Date.now() + 1000) });
    expect(result.failed).toBeGreaterThanOrEqual(1);
    const [settledAttempt] = await handle.db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.authenticationId, authId), eq(paymentAttempts.status, "failed")));
    expect(settledAttempt).toBeDefined();
    expect(
      await settled(
        completeOrderAuthentication(handle.db, { userId: shopper.id, authenticationId: authId, result: "succeeded", provider }),
      ),
    ).toMatchObject({
      ok: false,
      code: "authentication_completed",
    });
    expect(await provider.listCharges()).toEqual([]);
    expect(await ordersOf(shopper.id)).toEqual([]);
  });
});

describe("what /metrics counts of orders and payments", () => {
  let events: string[];
  const recorder: MetricsRecorder = {
    orderPlaced: () => events.push("placed"),
    orderRefused: (reason) => events.push(`refused:${reason}`),
    payment: (outcome) => events.push(`payment:${outcome}`),
    jobRun: (job, outcome) => events.push(`job:${job}:${outcome}`),
  };
  beforeEach(() => {
    events = [];
    attachMetrics(recorder);
  });
  afterAll(() => attachMetrics(null));

  it("counts a placed order once, a declined one by its code, and 3-D Secure when the shopper answers", async () => {
    const { shopper, product } = await buyer();
    const key = randomUUID();
    const request = body(shopper.addressId, product.id, { card: APPROVED_CARD });
    expect((await order(shopper.id, request, key)).ok).toBe(true);
    // The same request again is a replay, not a second order or payment.
    expect((await order(shopper.id, request, key)).ok).toBe(true);
    expect(events).toEqual(["payment:succeeded", "placed"]);

    events = [];
    expect(await order(shopper.id, body(shopper.addressId, product.id, { card: DECLINED_CARD }))).toMatchObject({
      ok: false,
      code: "payment_declined",
    });
    expect(events).toEqual(["payment:declined", "refused:payment_declined"]);

    events = [];
    const authId = await authenticationAsked(
      placeOrder(handle.db, {
        userId: shopper.id,
        idempotencyKey: randomUUID(),
        request: body(shopper.addressId, product.id, { card: AUTH_CARD }),
        provider,
      }),
    );
    expect(events).toEqual(["payment:authentication_required"]);
    expect(
      (
        await settled(
          completeOrderAuthentication(handle.db, { userId: shopper.id, authenticationId: authId, result: "succeeded", provider }),
        )
      ).ok,
    ).toBe(true);
    expect(events).toEqual(["payment:authentication_required", "payment:succeeded", "placed"]);
  });
});
