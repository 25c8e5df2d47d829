/**
 * The Stripe provider through the real `stripe` SDK, against the local Stripe-compatible server
 * (tests/support/stripe-server, decision 059). Every request crosses HTTP with Stripe's encoding,
 * keys, idempotency and error shapes; nothing here is mocked.
 */
import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startStripeServer, type StripeServer } from "../../../../../tests/support/stripe-server/server";
import { signedPaymentIntentEvent } from "../../../../../tests/support/stripe-server/webhooks";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import type { ChargeRequest, PaymentSource } from "~/domain/payments/payment-provider";
import {
  AUTHENTICATION_FAILED_MESSAGE,
  CARD_EXPIRED_MESSAGE,
  PAYMENT_DECLINED_MESSAGE,
  UNKNOWN_TOKEN_MESSAGE,
  WRONG_CVC_MESSAGE,
} from "../payment-messages";
import {
  CARD_IN_STRIPE_FORM_MESSAGE,
  createStripeProvider,
  OFF_SESSION_AUTHENTICATION_MESSAGE,
  shopCardBrandOf,
  stripeHostOptions,
  type StripePaymentProvider,
} from "./stripe-provider";

let server: StripeServer;
let provider: StripePaymentProvider;

beforeAll(async () => {
  server = await startStripeServer();
  provider = createStripeProvider({ secretKey: server.secretKey, apiBase: server.url });
});
afterAll(async () => {
  await server?.stop();
});
beforeEach(() => {
  server.setLatency(0);
  server.setSearchIndexDelay(0);
});

/** What the browser's Payment Element sends the shop: the id of a PaymentMethod it made at Stripe. */
function browserMade(testPaymentMethod: string): PaymentSource {
  return { type: "payment_method", id: server.createPaymentMethod(testPaymentMethod) };
}

function chargeOf(source: PaymentSource, extra: Partial<ChargeRequest> = {}): ChargeRequest {
  return {
    amountCents: 4200,
    currency: "EUR",
    source,
    customerRef: "user-alice",
    idempotencyKey: `${randomUUID()}:1`,
    description: "Aurore, commande test",
    ...extra,
  };
}

function intentsOfKey(key: string) {
  return server.paymentIntents().filter((intent) => intent.metadata.attempt_key === key);
}

describe("configuration", () => {
  it("points the SDK at a base URL's host, port and protocol", () => {
    expect(stripeHostOptions("http://127.0.0.1:12111")).toEqual({ host: "127.0.0.1", port: 12111, protocol: "http" });
    expect(stripeHostOptions("https://stripe.test")).toEqual({ host: "stripe.test", port: 443, protocol: "https" });
  });

  it("sends Stripe's headers: the secret key as a bearer token, the SDK's API version, an idempotency key", async () => {
    const request = chargeOf(browserMade("pm_card_visa"));
    await provider.charge(request);
    const create = server
      .requests()
      .find((r) => r.method === "POST" && r.path === "/v1/payment_intents" && r.idempotencyKey === request.idempotencyKey);
    expect(create).toMatchObject({ apiKey: server.secretKey, stripeVersion: Stripe.API_VERSION, status: 200, replayed: false });
    // Form-encoded in bracket notation, decoded back by the server.
    expect(create?.params).toMatchObject({
      amount: "4200",
      currency: "eur",
      confirm: "true",
      automatic_payment_methods: { enabled: "true", allow_redirects: "never" },
      metadata: { attempt_key: request.idempotencyKey, customer_ref: "user-alice" },
    });
    expect(create?.params.off_session).toBeUndefined();
  });

  it("is refused by the server with a wrong key", async () => {
    const stranger = createStripeProvider({ secretKey: "sk_test_NotTheServerKey123", apiBase: server.url });
    await expect(stranger.charge(chargeOf(browserMade("pm_card_visa")))).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });
});

describe("paying with a card typed in Stripe's form", () => {
  it("charges once and answers the brand and last four digits", async () => {
    const request = chargeOf(browserMade("pm_card_visa"));
    const result = await provider.charge(request);
    expect(result).toEqual({ ok: true, paymentId: expect.stringMatching(/^pi_/), brand: "visa", lastFour: "4242" });
    const [intent] = intentsOfKey(request.idempotencyKey);
    expect(intent).toMatchObject({
      id: result.ok ? result.paymentId : "",
      object: "payment_intent",
      status: "succeeded",
      amount: 4200,
      amount_received: 4200,
      currency: "eur",
      description: "Aurore, commande test",
      metadata: { attempt_key: request.idempotencyKey, customer_ref: "user-alice" },
      latest_charge: expect.stringMatching(/^ch_/),
    });
  });

  it.each([
    ["pm_card_mastercard", "mastercard", "4444"],
    ["pm_card_amex", "amex", "0005"],
    // Co-badged Cartes Bancaires cards: the international brand they carry.
    ["pm_card_visa_cartesBancaires", "visa", "1001"],
    ["pm_card_mastercard_cartesBancaires", "mastercard", "1001"],
  ])("maps %s to the shop's brand %s", async (testCard, brand, lastFour) => {
    expect(await provider.charge(chargeOf(browserMade(testCard)))).toMatchObject({ ok: true, brand, lastFour });
  });

  it("maps Stripe's brands, Cartes Bancaires included, and refuses the others", () => {
    expect(shopCardBrandOf({ brand: "cartes_bancaires", networks: { available: ["cartes_bancaires", "mastercard"] } })).toBe("mastercard");
    expect(shopCardBrandOf({ brand: "cartes_bancaires", networks: { available: ["cartes_bancaires", "visa"] } })).toBe("visa");
    expect(shopCardBrandOf({ brand: "amex", networks: null })).toBe("amex");
    expect(shopCardBrandOf({ brand: "cartes_bancaires", networks: { available: ["cartes_bancaires"] } })).toBeNull();
    expect(shopCardBrandOf({ brand: "discover", networks: { available: ["discover"] } })).toBeNull();
  });

  it("refuses a brand the shop does not take before any money moves", async () => {
    const request = chargeOf(browserMade("pm_card_discover"));
    expect(await provider.charge(request)).toEqual({
      ok: false,
      code: "declined",
      message: ACCOUNT_MESSAGES.cardNotAcceptedVisaMastercard,
    });
    expect(intentsOfKey(request.idempotencyKey)).toHaveLength(0);
  });

  it.each([
    ["pm_card_chargeDeclined", PAYMENT_DECLINED_MESSAGE, "generic_decline"],
    ["pm_card_chargeDeclinedInsufficientFunds", PAYMENT_DECLINED_MESSAGE, "insufficient_funds"],
    ["pm_card_chargeDeclinedExpiredCard", CARD_EXPIRED_MESSAGE, "expired_card"],
    ["pm_card_chargeDeclinedIncorrectCvc", WRONG_CVC_MESSAGE, "incorrect_cvc"],
  ])("answers %s's decline in French", async (testCard, message, declineCode) => {
    const request = chargeOf(browserMade(testCard));
    expect(await provider.charge(request)).toEqual({ ok: false, code: "declined", message });
    const [intent] = intentsOfKey(request.idempotencyKey);
    expect(intent).toMatchObject({
      status: "requires_payment_method",
      amount_received: 0,
      last_payment_error: { type: "card_error", decline_code: declineCode },
    });
    const create = server.requests().find((r) => r.idempotencyKey === request.idempotencyKey);
    expect(create?.status).toBe(402);
  });

  it("refuses card numbers: they are typed in Stripe's form, never sent to the shop", async () => {
    expect(await provider.tokenize()).toEqual({ ok: false, code: "invalid_card", message: CARD_IN_STRIPE_FORM_MESSAGE });
    const card = { holder: "Alice Martin", number: "4242424242424242", expiry: "12/39", cvc: "123" };
    const before = server.requests().length;
    expect(await provider.charge(chargeOf({ type: "card", card }))).toEqual({
      ok: false,
      code: "declined",
      message: CARD_IN_STRIPE_FORM_MESSAGE,
    });
    expect(server.requests()).toHaveLength(before);
  });

  it("refuses an unknown payment method", async () => {
    expect(await provider.charge(chargeOf({ type: "payment_method", id: "pm_doesNotExist" }))).toEqual({
      ok: false,
      code: "declined",
      message: PAYMENT_DECLINED_MESSAGE,
    });
  });
});

describe("3-D Secure", () => {
  it("asks for authentication with the client secret Stripe.js needs, then charges once authenticated", async () => {
    const request = chargeOf(browserMade("pm_card_authenticationRequired"));
    const asked = await provider.charge(request);
    const [intent] = intentsOfKey(request.idempotencyKey);
    expect(intent).toMatchObject({ status: "requires_action", next_action: { type: "use_stripe_sdk" } });
    expect(asked).toEqual({
      ok: false,
      code: "authentication_required",
      authenticationId: intent!.id,
      clientSecret: intent!.client_secret,
    });
    expect(asked.ok === false && asked.code === "authentication_required" && asked.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);

    server.authenticate(intent!.id, "succeed"); // the shopper passes the bank's dialog
    expect(await provider.completeAuthentication(intent!.id)).toEqual({
      status: "charged",
      charge: { ok: true, paymentId: intent!.id, brand: "visa", lastFour: "3184" },
    });
    expect(server.paymentIntent(intent!.id)).toMatchObject({ status: "succeeded", amount_received: 4200 });
  });

  it("fails, and closes the PaymentIntent, when the shopper fails the authentication", async () => {
    const asked = await provider.charge(chargeOf(browserMade("pm_card_threeDSecure2Required")));
    if (asked.ok || asked.code !== "authentication_required") throw new Error("authentication expected");
    server.authenticate(asked.authenticationId, "fail");
    expect(await provider.completeAuthentication(asked.authenticationId)).toEqual({
      status: "failed",
      message: AUTHENTICATION_FAILED_MESSAGE,
    });
    // Closed: its client secret can no longer pay it with another card.
    expect(server.paymentIntent(asked.authenticationId)).toMatchObject({ status: "canceled", amount_received: 0 });
  });

  it("closes an authentication the shopper never finished, so a late answer cannot charge", async () => {
    const asked = await provider.charge(chargeOf(browserMade("pm_card_authenticationRequired")));
    if (asked.ok || asked.code !== "authentication_required") throw new Error("authentication expected");
    expect(await provider.completeAuthentication(asked.authenticationId)).toEqual({
      status: "failed",
      message: AUTHENTICATION_FAILED_MESSAGE,
    });
    expect(() => server.authenticate(asked.authenticationId, "succeed")).toThrow(/no pending authentication/);
    expect(server.paymentIntent(asked.authenticationId)?.status).toBe("canceled");
  });

  it("answers a decline after a passed authentication as a decline", async () => {
    const asked = await provider.charge(chargeOf(browserMade("pm_card_authenticationRequiredChargeDeclinedInsufficientFunds")));
    if (asked.ok || asked.code !== "authentication_required") throw new Error("authentication expected");
    server.authenticate(asked.authenticationId, "succeed");
    expect(await provider.completeAuthentication(asked.authenticationId)).toEqual({ status: "failed", message: PAYMENT_DECLINED_MESSAGE });
  });

  it("knows no authentication Stripe does not know", async () => {
    expect(await provider.completeAuthentication("pi_unknown")).toEqual({ status: "not_found" });
  });
});

describe("idempotency", () => {
  it("answers the same attempt again with the same PaymentIntent, never a second charge", async () => {
    const request = chargeOf(browserMade("pm_card_visa"));
    const first = await provider.charge(request);
    const again = await provider.charge(request);
    expect(again).toEqual(first);
    expect(intentsOfKey(request.idempotencyKey)).toHaveLength(1);
    const creates = server.requests().filter((r) => r.idempotencyKey === request.idempotencyKey);
    expect(creates.map((r) => r.replayed)).toEqual([false, true]);
  });

  it("charges once when the answer is lost on the way back and the SDK retries", async () => {
    const request = chargeOf(browserMade("pm_card_visa"));
    server.dropNextResponse({ method: "POST", path: "/v1/payment_intents" });
    const result = await provider.charge(request);
    expect(result).toMatchObject({ ok: true, brand: "visa" });
    expect(intentsOfKey(request.idempotencyKey)).toHaveLength(1);
    const creates = server.requests().filter((r) => r.idempotencyKey === request.idempotencyKey);
    expect(creates.map((r) => r.replayed)).toEqual([false, true]);
  });

  it("replays a decline for the same key, and refuses the key with other parameters", async () => {
    const request = chargeOf(browserMade("pm_card_chargeDeclined"));
    expect(await provider.charge(request)).toMatchObject({ ok: false, message: PAYMENT_DECLINED_MESSAGE });
    expect(await provider.charge(request)).toMatchObject({ ok: false, message: PAYMENT_DECLINED_MESSAGE });
    await expect(provider.charge({ ...request, amountCents: 9900 })).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(intentsOfKey(request.idempotencyKey)).toHaveLength(1);
  });
});

describe("refunds", () => {
  async function paid(amountCents = 4200) {
    const result = await provider.charge(chargeOf(browserMade("pm_card_visa"), { amountCents }));
    if (!result.ok) throw new Error("charge expected");
    return result.paymentId;
  }

  it("refunds in parts, once per key, and never more than was charged", async () => {
    const paymentId = await paid(4200);
    await provider.refund({ paymentId, amountCents: 1000, idempotencyKey: "r1" });
    await provider.refund({ paymentId, amountCents: 1000, idempotencyKey: "r1" }); // the same refund again
    await provider.refund({ paymentId, amountCents: 2000, idempotencyKey: "r2" });
    await expect(provider.refund({ paymentId, amountCents: 1500, idempotencyKey: "r3" })).rejects.toThrow(
      /greater than unrefunded amount on charge \(€12\.00\)/,
    );
    await expect(provider.refund({ paymentId, amountCents: 700, idempotencyKey: "r1" })).rejects.toThrow(/reused with another amount/);
    const mine = server.refunds().filter((r) => r.payment_intent === paymentId);
    expect(mine.map((r) => r.amount).sort()).toEqual([1000, 2000]);
    await provider.refund({ paymentId, amountCents: 1200, idempotencyKey: "r4" });
    await expect(provider.refund({ paymentId, amountCents: 100, idempotencyKey: "r5" })).rejects.toThrow(/has already been refunded/);
  });

  it("refunds once even after Stripe has forgotten the idempotency key (24 hours)", async () => {
    const paymentId = await paid(4200);
    await provider.refund({ paymentId, amountCents: 1000, idempotencyKey: "late" });
    server.expireIdempotencyKeys();
    await provider.refund({ paymentId, amountCents: 1000, idempotencyKey: "late" });
    expect(server.refunds().filter((r) => r.payment_intent === paymentId)).toHaveLength(1);
  });

  it("refuses to refund a payment that was never taken", async () => {
    const declined = chargeOf(browserMade("pm_card_chargeDeclined"));
    await provider.charge(declined);
    const [intent] = intentsOfKey(declined.idempotencyKey);
    await expect(provider.refund({ paymentId: intent!.id, amountCents: 100, idempotencyKey: "x" })).rejects.toThrow(
      /does not have a successful charge/,
    );
  });
});

describe("finding a charge after a crash", () => {
  it("finds the PaymentIntent by its attempt key once Stripe's search has indexed it", async () => {
    server.setSearchIndexDelay(300); // Stripe: up to about a minute, which the reconciliation's grace period covers
    const request = chargeOf(browserMade("pm_card_visa"), { amountCents: 5600 });
    const result = await provider.charge(request); // ... and the shop dies before recording it
    if (!result.ok) throw new Error("charge expected");
    expect(await provider.findCharge(request.idempotencyKey)).toBeNull();
    await expect
      .poll(() => provider.findCharge(request.idempotencyKey))
      .toEqual({ paymentId: result.paymentId, amountCents: 5600, refundedCents: 0 });
    await provider.refund({ paymentId: result.paymentId, amountCents: 600, idempotencyKey: `${request.idempotencyKey}:refund` });
    expect(await provider.findCharge(request.idempotencyKey)).toEqual({
      paymentId: result.paymentId,
      amountCents: 5600,
      refundedCents: 600,
    });
  });

  it("finds nothing for a key never charged, declined, or waiting for authentication", async () => {
    expect(await provider.findCharge(`${randomUUID()}:1`)).toBeNull();
    const declined = chargeOf(browserMade("pm_card_chargeDeclined"));
    await provider.charge(declined);
    expect(await provider.findCharge(declined.idempotencyKey)).toBeNull();
    const waiting = chargeOf(browserMade("pm_card_authenticationRequired"));
    await provider.charge(waiting);
    expect(await provider.findCharge(waiting.idempotencyKey)).toBeNull();
  });

  it("quotes the key in the search query", async () => {
    const request = chargeOf(browserMade("pm_card_visa"), { idempotencyKey: "it's:1" });
    await provider.charge(request);
    expect(await provider.findCharge("it's:1")).toMatchObject({ amountCents: 4200 });
    expect(await provider.findCharge("it")).toBeNull();
  });
});

describe("saved cards", () => {
  it("keeps a card for the customer, charges it off session without CVC, and forgets it when detached", async () => {
    const customerId = await provider.ensureCustomer("user-bea", "bea@example.fr");
    expect(await provider.ensureCustomer("user-bea", "bea@example.fr")).toBe(customerId);
    expect(server.customers().filter((c) => c.metadata.customer_ref === "user-bea")).toHaveLength(1);

    const paymentMethodId = server.createPaymentMethod("pm_card_mastercard");
    const saved = await provider.attachPaymentMethod(paymentMethodId, customerId);
    expect(saved).toEqual({
      ok: true,
      token: paymentMethodId,
      brand: "mastercard",
      lastFour: "4444",
      expMonth: 12,
      expYear: expect.any(Number),
    });
    expect(await provider.listSavedCards(customerId)).toEqual([
      { token: paymentMethodId, brand: "mastercard", lastFour: "4444", expMonth: 12, expYear: expect.any(Number) },
    ]);

    // A later instalment: no CVC, merchant-initiated.
    const instalment = chargeOf({ type: "token", token: paymentMethodId }, { customerRef: "user-bea", amountCents: 1500 });
    expect(await provider.charge(instalment)).toMatchObject({ ok: true, brand: "mastercard", lastFour: "4444" });
    const create = server.requests().find((r) => r.idempotencyKey === instalment.idempotencyKey);
    expect(create?.params).toMatchObject({ customer: customerId, off_session: "true", payment_method: paymentMethodId });

    // Another shopper cannot charge it.
    const stranger = chargeOf({ type: "token", token: paymentMethodId, cvc: "123" }, { customerRef: "user-eve" });
    expect(await provider.charge(stranger)).toEqual({ ok: false, code: "declined", message: UNKNOWN_TOKEN_MESSAGE });
    expect(intentsOfKey(stranger.idempotencyKey)).toHaveLength(0);

    await provider.detachPaymentMethod(paymentMethodId);
    await provider.detachPaymentMethod(paymentMethodId); // already detached: nothing to do
    expect(await provider.listSavedCards(customerId)).toEqual([]);
    const afterDetach = chargeOf({ type: "token", token: paymentMethodId }, { customerRef: "user-bea" });
    expect(await provider.charge(afterDetach)).toEqual({ ok: false, code: "declined", message: UNKNOWN_TOKEN_MESSAGE });
  });

  it("cannot charge off session a card whose bank wants authentication every time", async () => {
    const customerId = await provider.ensureCustomer("user-chloe", "chloe@example.fr");
    const paymentMethodId = server.createPaymentMethod("pm_card_authenticationRequired");
    await provider.attachPaymentMethod(paymentMethodId, customerId);
    const instalment = chargeOf({ type: "token", token: paymentMethodId }, { customerRef: "user-chloe" });
    // A soft decline: told apart from a plain one, so the instalment waits for the shopper (decision 035).
    expect(await provider.charge(instalment)).toEqual({
      ok: false,
      code: "declined",
      message: OFF_SESSION_AUTHENTICATION_MESSAGE,
      reason: "authentication_required",
    });
    // With the shopper present (the instalment's page), the same card asks for 3-D Secure instead.
    const present = chargeOf({ type: "token", token: paymentMethodId, present: true }, { customerRef: "user-chloe" });
    const asked = await provider.charge(present);
    expect(asked).toMatchObject({ ok: false, code: "authentication_required", clientSecret: expect.stringContaining("_secret_") });
    expect(server.requests().find((r) => r.idempotencyKey === present.idempotencyKey)?.params.off_session).toBeUndefined();
  });

  it("gives a plain decline off session no reason", async () => {
    const customerId = await provider.ensureCustomer("user-chloe", "chloe@example.fr");
    const paymentMethodId = server.createPaymentMethod("pm_card_chargeDeclined");
    await provider.attachPaymentMethod(paymentMethodId, customerId);
    const instalment = chargeOf({ type: "token", token: paymentMethodId }, { customerRef: "user-chloe" });
    expect(await provider.charge(instalment)).toEqual({ ok: false, code: "declined", message: PAYMENT_DECLINED_MESSAGE });
  });

  it("saves a card through a SetupIntent confirmed in the browser, then charges it off session", async () => {
    const customerId = await provider.ensureCustomer("user-dora", "dora@example.fr");
    const setup = await provider.createSetupIntent(customerId);
    expect(setup.clientSecret).toMatch(new RegExp(`^${setup.id}_secret_`));
    // What Stripe.js's confirmSetup does with the publishable key and the client secret.
    const confirmed = await fetch(`${server.url}/v1/setup_intents/${setup.id}/confirm`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.publishableKey}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ payment_method: "pm_card_authenticationRequiredOnSetup", client_secret: setup.clientSecret }),
    });
    expect(await confirmed.json()).toMatchObject({
      object: "setup_intent",
      status: "requires_action",
      next_action: { type: "use_stripe_sdk" },
    });
    expect(await provider.savedCardOfSetupIntent(setup.id, "user-dora")).toMatchObject({ ok: false, code: "invalid_card" });
    server.authenticate(setup.id, "succeed");

    expect(await provider.savedCardOfSetupIntent(setup.id, "user-eve")).toMatchObject({ ok: false, code: "invalid_card" });
    const saved = await provider.savedCardOfSetupIntent(setup.id, "user-dora");
    if (!saved.ok) throw new Error(saved.message);
    expect(saved).toMatchObject({ brand: "visa", lastFour: "3155" });
    // Set up for off-session use: the bank asks nothing more for a later instalment.
    const instalment = chargeOf({ type: "token", token: saved.token }, { customerRef: "user-dora" });
    expect(await provider.charge(instalment)).toMatchObject({ ok: true, lastFour: "3155" });
  });

  it("refuses a client secret that is not the intent's", async () => {
    const customerId = await provider.ensureCustomer("user-dora", "dora@example.fr");
    const setup = await provider.createSetupIntent(customerId);
    const confirmed = await fetch(`${server.url}/v1/setup_intents/${setup.id}/confirm`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.publishableKey}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ payment_method: "pm_card_visa", client_secret: "seti_other_secret_x" }),
    });
    expect(confirmed.status).toBe(400);
    expect(await confirmed.json()).toMatchObject({ error: { type: "invalid_request_error", param: "client_secret" } });
  });
});

describe("the local server", () => {
  it("answers Stripe's error shape for an unknown parameter", async () => {
    const res = await fetch(`${server.url}/v1/payment_intents`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.secretKey}`, "content-type": "application/x-www-form-urlencoded" },
      body: "amount=100&currency=eur&colour=blue",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        type: "invalid_request_error",
        code: "parameter_unknown",
        param: "colour",
        message: "Received unknown parameter: colour",
        doc_url: "https://stripe.com/docs/error-codes/parameter_unknown",
      },
    });
  });

  it("refuses a live key and an unknown key", async () => {
    for (const key of ["sk_live_SomethingReal1234", "sk_test_SomethingElse1234"]) {
      const res = await fetch(`${server.url}/v1/customers`, { headers: { authorization: `Bearer ${key}` } });
      expect(res.status).toBe(401);
    }
  });

  it("delays each answer by the latency it is given", async () => {
    server.setLatency(150);
    const started = performance.now();
    await provider.findCharge("latency");
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it("signs webhook events the SDK verifies", async () => {
    const request = chargeOf(browserMade("pm_card_visa"));
    const result = await provider.charge(request);
    if (!result.ok) throw new Error("charge expected");
    const delivery = signedPaymentIntentEvent(server, result.paymentId, "payment_intent.succeeded");
    const event = Stripe.webhooks.constructEvent(delivery.payload, delivery.header, server.webhookSecret);
    expect(event).toMatchObject({ type: "payment_intent.succeeded", data: { object: { id: result.paymentId, status: "succeeded" } } });
    expect(() => Stripe.webhooks.constructEvent(delivery.payload, delivery.header, "whsec_wrongSecret123")).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(
      server.events().some((e) => e.type === "payment_intent.succeeded" && (e.data.object as { id: string }).id === result.paymentId),
    ).toBe(true);
  });
});
