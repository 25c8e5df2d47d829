/**
 * The order paid with Stripe (decision 059): the card typed in Stripe's Payment Element arrives as
 * a PaymentMethod id, 3-D Secure is answered in Stripe's dialog with the client secret the 402
 * carries, and a card kept (saved, or paying in 3) becomes the shopper's at Stripe. Through the
 * official SDK against the local Stripe-compatible server.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { settled } from "../../../tests/support/domain-result";
import { APPROVED_CARD, CONTACT, createShopper, pickProducts, setProductPrice } from "../../../tests/support/shoppers";
import { startStripeServer, type StripeServer } from "../../../tests/support/stripe-server/server";
import type { DatabaseHandle } from "../db/client";
import { orders, paymentAttempts, paymentInstalments, paymentMethods } from "../db/schema";
import { SimulatedPaymentProvider } from "../modules/payments/payment-provider";
import { createStripeProvider, type StripePaymentProvider } from "../modules/payments/stripe/stripe-provider";
import { PlaceOrderSchema, type PlaceOrderBody } from "~/domain/checkout/checkout.schema";
import { isDomainError } from "~/domain/errors";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
const DAY_MS = 24 * 60 * 60 * 1000;
import { chargeDueInstalments } from "./charge-instalments";
import { completeOrderAuthentication, placeOrder } from "./place-order";

let handle: DatabaseHandle;
let server: StripeServer;
let provider: StripePaymentProvider;
let product: { id: string };

beforeAll(async () => {
  handle = await createTestDatabase();
  server = await startStripeServer();
  provider = createStripeProvider({ secretKey: server.secretKey, apiBase: server.url });
  [, product] = await pickProducts(handle.db, 2, 500);
  // 60,00 € a unit: enough to pay in 3 (from 50 €).
  await setProductPrice(handle.db, product.id, 6000);
});
afterAll(async () => {
  await server?.stop();
  await handle?.close();
});
// The instalments job charges every due instalment of the database: none is left to the next test.
afterEach(async () => {
  await handle.db.execute(sql`UPDATE payment_instalments SET status = 'cancelled' WHERE status IN ('pending', 'charging')`);
});

function body(shopper: { addressId: string }, input: Partial<PlaceOrderBody>) {
  return PlaceOrderSchema.parse({
    address_id: shopper.addressId,
    contact: CONTACT,
    lines: [{ product_id: product.id, quantity: 1 }],
    ...input,
  });
}

const order = (
  userId: string,
  request: ReturnType<typeof body>,
  key = randomUUID(),
  with_ = provider as SimulatedPaymentProvider | StripePaymentProvider,
) => settled(placeOrder(handle.db, { userId, idempotencyKey: key, request, provider: with_ }));

/** The 402 asking for 3-D Secure, as the API answers it. */
async function challengeOf(run: Promise<unknown>): Promise<{ authentication_id: string; client_secret?: string }> {
  try {
    await run;
  } catch (error) {
    if (isDomainError(error) && error.code === "authentication_required") {
      return (error.details as { next_action: { authentication_id: string; client_secret?: string } }).next_action;
    }
    throw error;
  }
  throw new Error("expected authentication_required");
}

const ordersOf = (userId: string) => handle.db.select().from(orders).where(eq(orders.userId, userId));
const intentsOf = (userId: string) => server.paymentIntents().filter((i) => i.metadata.customer_ref === userId);

describe("paying with Stripe's Payment Element", () => {
  it("pays with the PaymentMethod the browser made: one PaymentIntent under the attempt's key, the order shows the card", async () => {
    const shopper = await createShopper(handle.db);
    const method = server.createPaymentMethod("pm_card_visa");
    const key = randomUUID();
    const placed = await order(shopper.id, body(shopper, { provider_payment_method: method }), key);
    expect(placed.ok && placed.order.metadata.payment).toMatchObject({ brand: "visa", last_four: "4242" });
    const [intent] = intentsOf(shopper.id);
    expect(intent).toMatchObject({ status: "succeeded", payment_method: method, customer: null, setup_future_usage: null });
    expect(intent!.amount).toBe(placed.ok ? placed.order.total_cents : 0);
    // The same request again (a double submit): the same order, no second PaymentIntent.
    const again = await order(shopper.id, body(shopper, { provider_payment_method: method }), key);
    expect(again.ok && again.order.id).toBe(placed.ok ? placed.order.id : "");
    expect(intentsOf(shopper.id)).toHaveLength(1);
  });

  it("charges once when the same order is submitted twice at the same moment", async () => {
    const shopper = await createShopper(handle.db);
    const request = body(shopper, { provider_payment_method: server.createPaymentMethod("pm_card_visa") });
    const key = randomUUID();
    const both = await Promise.all([order(shopper.id, request, key), order(shopper.id, request, key)]);
    const placed = both.filter((b) => b.ok);
    expect(placed.length).toBeGreaterThanOrEqual(1);
    // The other one either waits for the first and answers its order, or is told it is in progress.
    for (const answer of both) if (!answer.ok) expect(answer).toMatchObject({ status: 409, code: "order_in_progress" });
    expect(new Set(placed.map((p) => (p.ok ? p.order.id : "")))).toHaveProperty("size", 1);
    expect(await ordersOf(shopper.id)).toHaveLength(1);
    expect(intentsOf(shopper.id).filter((i) => i.status === "succeeded")).toHaveLength(1);
  });

  it("shows a Cartes Bancaires co-badged card under the brand it carries", async () => {
    const shopper = await createShopper(handle.db);
    const placed = await order(
      shopper.id,
      body(shopper, { provider_payment_method: server.createPaymentMethod("pm_card_visa_cartesBancaires") }),
    );
    expect(placed.ok && placed.order.metadata.payment).toMatchObject({ brand: "visa", last_four: "1001" });
  });

  it("refuses a declined card on the payment form's field, with no order and a failed attempt", async () => {
    const shopper = await createShopper(handle.db);
    const refused = await order(
      shopper.id,
      body(shopper, { provider_payment_method: server.createPaymentMethod("pm_card_chargeDeclinedInsufficientFunds") }),
    );
    expect(refused).toMatchObject({ ok: false, status: 402, code: "payment_declined", field: "provider_payment_method" });
    expect(await ordersOf(shopper.id)).toHaveLength(0);
    const [attempt] = await handle.db.select().from(paymentAttempts).where(eq(paymentAttempts.userId, shopper.id));
    expect(attempt!.status).toBe("failed");
  });

  it("asks for 3-D Secure with the client secret Stripe.js needs, again on a resubmit, then makes the order once authenticated", async () => {
    const shopper = await createShopper(handle.db);
    const request = body(shopper, { provider_payment_method: server.createPaymentMethod("pm_card_threeDSecure2Required") });
    const key = randomUUID();
    const challenge = await challengeOf(placeOrder(handle.db, { userId: shopper.id, idempotencyKey: key, request, provider }));
    const intent = server.paymentIntent(challenge.authentication_id);
    expect(intent?.status).toBe("requires_action");
    expect(challenge.client_secret).toBe(intent?.client_secret);
    // Submitted again while the bank's dialog waits: the same challenge and secret, not a second payment.
    const again = await challengeOf(placeOrder(handle.db, { userId: shopper.id, idempotencyKey: key, request, provider }));
    expect(again).toEqual(challenge);
    expect(intentsOf(shopper.id)).toHaveLength(1);

    server.authenticate(challenge.authentication_id, "succeed");
    const placed = await completeOrderAuthentication(handle.db, {
      userId: shopper.id,
      authenticationId: challenge.authentication_id,
      result: "succeeded",
      provider,
    });
    expect(placed.order.payment_status).toBe("paid");
    expect(await ordersOf(shopper.id)).toHaveLength(1);
  });

  it("declines when the shopper fails Stripe's dialog: the PaymentIntent is cancelled and no order is made", async () => {
    const shopper = await createShopper(handle.db);
    const request = body(shopper, { provider_payment_method: server.createPaymentMethod("pm_card_threeDSecure2Required") });
    const challenge = await challengeOf(placeOrder(handle.db, { userId: shopper.id, idempotencyKey: randomUUID(), request, provider }));
    server.authenticate(challenge.authentication_id, "fail");
    const answered = await settled(
      completeOrderAuthentication(handle.db, {
        userId: shopper.id,
        authenticationId: challenge.authentication_id,
        result: "failed",
        provider,
      }),
    );
    expect(answered).toMatchObject({ ok: false, status: 402 });
    expect(server.paymentIntent(challenge.authentication_id)?.status).toBe("canceled");
    expect(await ordersOf(shopper.id)).toHaveLength(0);
  });
});

describe("cards kept at Stripe", () => {
  it("saves the card on its first payment as the shopper's Stripe PaymentMethod, then pays with it without any CVC", async () => {
    const shopper = await createShopper(handle.db);
    const method = server.createPaymentMethod("pm_card_mastercard");
    const first = await order(shopper.id, body(shopper, { provider_payment_method: method, save_card: true }));
    expect(first.ok).toBe(true);
    const [saved] = await handle.db.select().from(paymentMethods).where(eq(paymentMethods.userId, shopper.id));
    expect(saved).toMatchObject({ providerToken: method, cardBrand: "mastercard", cardLastFour: "4444", cardHolderName: CONTACT.name });
    const customer = server.customers().find((c) => c.metadata.customer_ref === shopper.id);
    expect(customer?.email).toBe(CONTACT.email);
    expect((await provider.listSavedCards(customer!.id)).map((c) => c.token)).toEqual([method]);
    // The bank heard at this first, authenticated payment that the card is kept.
    expect(intentsOf(shopper.id)[0]).toMatchObject({ customer: customer!.id, setup_future_usage: "off_session" });

    const second = await order(shopper.id, body(shopper, { payment_method_id: saved!.id }));
    expect(second.ok && second.order.metadata.payment).toMatchObject({ brand: "mastercard", last_four: "4444" });
    const reused = intentsOf(shopper.id)[1];
    expect(reused).toMatchObject({ status: "succeeded", payment_method: method, customer: customer!.id, setup_future_usage: null });
    // On session: the shopper is paying now (no `off_session` was sent for it).
    const create = server
      .requests()
      .filter((r) => r.method === "POST" && r.path === "/v1/payment_intents" && r.params.payment_method === method);
    expect(create.at(-1)?.params.off_session).toBeUndefined();

    // The shop's own form never sends a CVC to a provider with its own form.
    const withCvc = await order(shopper.id, body(shopper, { payment_method_id: saved!.id, cvc: "123" }));
    expect(withCvc).toMatchObject({ ok: false, status: 400, code: "cvc_not_accepted", message: CHECKOUT_MESSAGES.savedCardCvcNotAccepted });
  });

  it("pays in 3: the first instalment now, the next ones off session on the kept card", async () => {
    const shopper = await createShopper(handle.db);
    const method = server.createPaymentMethod("pm_card_visa");
    const placed = await order(shopper.id, body(shopper, { provider_payment_method: method, instalments: 3 }));
    expect(placed.ok && placed.order.payment_status).toBe("instalments");
    // Not saved among the cards (the shopper did not ask), but kept for the schedule.
    expect(await handle.db.select().from(paymentMethods).where(eq(paymentMethods.userId, shopper.id))).toHaveLength(0);
    const rows = await handle.db
      .select()
      .from(paymentInstalments)
      .where(eq(paymentInstalments.orderId, placed.ok ? placed.order.id : ""))
      .orderBy(paymentInstalments.seq);
    expect(rows.map((r) => r.status)).toEqual(["paid", "pending", "pending"]);
    expect(intentsOf(shopper.id)[0]).toMatchObject({ setup_future_usage: "off_session" });

    expect(await chargeDueInstalments(handle.db, { provider, now: new Date(Date.now() + 30 * DAY_MS) })).toMatchObject({ charged: 1 });
    const second = intentsOf(shopper.id)[1];
    expect(second).toMatchObject({ status: "succeeded", payment_method: method, amount: rows[1]!.amountCents });
    const create = server
      .requests()
      .filter((r) => r.method === "POST" && r.path === "/v1/payment_intents" && r.params.payment_method === method);
    expect(create.at(-1)?.params.off_session).toBe("true");
  });

  it("lets a card go again when its first payment is declined", async () => {
    const shopper = await createShopper(handle.db);
    const method = server.createPaymentMethod("pm_card_chargeDeclined");
    const refused = await order(shopper.id, body(shopper, { provider_payment_method: method, save_card: true }));
    expect(refused).toMatchObject({ ok: false, code: "payment_declined" });
    expect(await handle.db.select().from(paymentMethods).where(eq(paymentMethods.userId, shopper.id))).toHaveLength(0);
    const customer = server.customers().find((c) => c.metadata.customer_ref === shopper.id);
    expect(await provider.listSavedCards(customer!.id)).toEqual([]);
  });
});

describe("bad input", () => {
  it("refuses two ways to pay at once, and a PaymentMethod id that is not one", async () => {
    const shopper = await createShopper(handle.db);
    const both = await order(
      shopper.id,
      body(shopper, { provider_payment_method: server.createPaymentMethod("pm_card_visa"), card: APPROVED_CARD }),
    );
    expect(both).toMatchObject({ ok: false, status: 400, code: "payment_choice" });
    const parsed = PlaceOrderSchema.safeParse({ contact: CONTACT, provider_payment_method: "4242424242424242" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(CHECKOUT_MESSAGES.providerPaymentMethodInvalid);
    expect(intentsOf(shopper.id)).toHaveLength(0);
  });

  it("with the simulated acquirer, refuses a Stripe PaymentMethod before any attempt", async () => {
    const shopper = await createShopper(handle.db);
    const simulated = new SimulatedPaymentProvider(handle.db, `test-${randomUUID()}`);
    const refused = await order(shopper.id, body(shopper, { provider_payment_method: "pm_card_visa" }), randomUUID(), simulated);
    expect(refused).toMatchObject({ ok: false, status: 400, code: "payment_method_unsupported", field: "provider_payment_method" });
    expect(await handle.db.select().from(paymentAttempts).where(eq(paymentAttempts.userId, shopper.id))).toHaveLength(0);
  });

  it("with Stripe, refuses card numbers sent to the shop", async () => {
    const shopper = await createShopper(handle.db);
    const refused = await order(shopper.id, body(shopper, { card: APPROVED_CARD }));
    expect(refused).toMatchObject({ ok: false, status: 402, code: "payment_declined" });
    expect(intentsOf(shopper.id)).toHaveLength(0);
  });
});
