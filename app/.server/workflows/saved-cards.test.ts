/**
 * Saving a card from Moyens de paiement with Stripe (decision 059, "Saved cards"): a SetupIntent
 * started by the shop, confirmed as Stripe.js would (the publishable key and the client secret,
 * 3-D Secure through the local server's test hook), then the card it attached stored for its
 * shopper only. Through the real SDK against the local Stripe-compatible server; runs on PGlite,
 * and on the PostgreSQL server when TEST_DATABASE_URL is set.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { createShopper, type TestShopper } from "../../../tests/support/shoppers";
import { startStripeServer, type StripeServer } from "../../../tests/support/stripe-server/server";
import type { DatabaseHandle } from "../db/client";
import { paymentMethods } from "../db/schema";
import { settleEvents } from "../outbox/events";
import { addPaymentMethod, listPaymentMethods, savePaymentMethodFromSetup } from "../modules/payment-methods/payment-methods.service";
import { SimulatedPaymentProvider } from "../modules/payments/payment-provider";
import { createStripeProvider, type StripePaymentProvider } from "../modules/payments/stripe/stripe-provider";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { CARD_HOLDER_REQUIRED_MESSAGE, MAX_PAYMENT_METHODS } from "~/domain/payment-methods/payment-method.schema";
import { providerCardRelease } from "./event-subscribers";
import { saveCardFromSetup, startCardSetup } from "./saved-cards";

let handle: DatabaseHandle;
let server: StripeServer;
let stripe: StripePaymentProvider;
let simulated: SimulatedPaymentProvider;

beforeAll(async () => {
  handle = await createTestDatabase();
  server = await startStripeServer();
  stripe = createStripeProvider({ secretKey: server.secretKey, apiBase: server.url });
  simulated = new SimulatedPaymentProvider(handle.db, `saved-cards-${Date.now()}`);
});
afterAll(async () => {
  await server?.stop();
  await handle?.close();
});

const start = (shopper: TestShopper) => startCardSetup(handle.db, stripe, { userId: shopper.id, email: shopper.email });
const save = (shopper: TestShopper, setupIntentId: string, body: unknown = { holder: "Marie Curie" }) =>
  saveCardFromSetup(handle.db, stripe, shopper.id, setupIntentId, body);

/** What Stripe.js's confirmSetup sends from the browser: the publishable key and the client secret. */
async function confirmInBrowser(setup: { setup_intent_id: string; client_secret: string }, testPaymentMethod = "pm_card_visa") {
  const res = await fetch(`${server.url}/v1/setup_intents/${setup.setup_intent_id}/confirm`, {
    method: "POST",
    headers: { authorization: `Bearer ${server.publishableKey}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ payment_method: testPaymentMethod, client_secret: setup.client_secret }),
  });
  const body = (await res.json()) as { status: string; payment_method: string };
  expect(res.status).toBe(200);
  return body;
}

async function attachedTo(paymentMethodId: string): Promise<string | null> {
  const method = await stripe.stripe.paymentMethods.retrieve(paymentMethodId);
  return typeof method.customer === "string" ? method.customer : (method.customer?.id ?? null);
}

const rowsOf = (userId: string) => handle.db.select().from(paymentMethods).where(eq(paymentMethods.userId, userId));

describe("saving a card through a SetupIntent", () => {
  it("saves the card a confirmed SetupIntent attached, for this shopper: its PaymentMethod is the token", async () => {
    const shopper = await createShopper(handle.db);
    const setup = await start(shopper);
    expect(setup.setup_intent_id).toMatch(/^seti_/);
    expect(setup.client_secret).toMatch(new RegExp(`^${setup.setup_intent_id}_secret_`));
    const confirmed = await confirmInBrowser(setup, "pm_card_mastercard");
    expect(confirmed.status).toBe("succeeded");

    const card = await save(shopper, setup.setup_intent_id, { holder: "  Marie Curie ", is_default: false });
    expect(card).toMatchObject({ brand: "mastercard", last4: "4444", holder: "Marie Curie", is_default: true, usable: true });
    const [row] = await rowsOf(shopper.id);
    expect(row.providerToken).toBe(confirmed.payment_method);
    // Kept for the shopper's own Customer at Stripe, whose reference is the shopper's id.
    const customerId = await stripe.ensureCustomer(shopper.id, shopper.email);
    expect(await attachedTo(confirmed.payment_method)).toBe(customerId);
    // A later charge without the shopper (an instalment) goes through with it.
    const charge = await stripe.charge({
      amountCents: 1500,
      currency: "EUR",
      source: { type: "token", token: row.providerToken! },
      customerRef: shopper.id,
      idempotencyKey: `saved-cards-${row.id}:1`,
      description: "Aurore, test",
    });
    expect(charge).toMatchObject({ ok: true, lastFour: "4444" });
  });

  it("waits for the bank: a SetupIntent still asking for 3-D Secure is refused, then saved once authenticated", async () => {
    const shopper = await createShopper(handle.db);
    const setup = await start(shopper);
    expect((await confirmInBrowser(setup, "pm_card_authenticationRequiredOnSetup")).status).toBe("requires_action");

    await expect(save(shopper, setup.setup_intent_id)).rejects.toMatchObject({
      kind: "invalid",
      code: "card_setup_refused",
      message: ACCOUNT_MESSAGES.cardSetupNotConfirmed,
    });
    expect(await rowsOf(shopper.id)).toHaveLength(0);

    server.authenticate(setup.setup_intent_id, "succeed");
    expect(await save(shopper, setup.setup_intent_id)).toMatchObject({ brand: "visa", last4: "3155" });
  });

  it("refuses another shopper's SetupIntent, an unknown one and a malformed id: nothing is stored", async () => {
    const owner = await createShopper(handle.db);
    const thief = await createShopper(handle.db);
    const setup = await start(owner);
    await confirmInBrowser(setup);

    for (const id of [setup.setup_intent_id, "seti_unknown0000000000000000", "../v1/customers"]) {
      await expect(save(thief, id)).rejects.toMatchObject({ kind: "invalid", code: "card_setup_refused" });
    }
    expect(await rowsOf(thief.id)).toHaveLength(0);
    // The owner still saves it.
    expect(await save(owner, setup.setup_intent_id)).toMatchObject({ last4: "4242" });
  });

  it("saving the same SetupIntent twice (a double submit) lists the card once", async () => {
    const shopper = await createShopper(handle.db);
    const setup = await start(shopper);
    await confirmInBrowser(setup);
    const first = await save(shopper, setup.setup_intent_id);
    const second = await save(shopper, setup.setup_intent_id);
    expect(second.id).toBe(first.id);
    expect(await listPaymentMethods(handle.db, shopper.id)).toHaveLength(1);
  });

  it("the same card set up again replaces the old token, which is then detached at Stripe", async () => {
    const shopper = await createShopper(handle.db);
    const setups = [await start(shopper), await start(shopper)];
    const methods: string[] = [];
    for (const setup of setups) {
      methods.push((await confirmInBrowser(setup)).payment_method);
      await save(shopper, setup.setup_intent_id);
    }
    const rows = await rowsOf(shopper.id);
    expect(rows.map((r) => r.providerToken)).toEqual([methods[1]]);

    await settleEvents(handle.db, [providerCardRelease(() => stripe)]);
    expect(await attachedTo(methods[0])).toBeNull();
    expect(await attachedTo(methods[1])).not.toBeNull();
  });

  it("refuses a brand the shop does not take, in French, and detaches that card again at Stripe", async () => {
    const shopper = await createShopper(handle.db);
    const setup = await start(shopper);
    const confirmed = await confirmInBrowser(setup, "pm_card_discover");
    expect(await attachedTo(confirmed.payment_method)).not.toBeNull();
    await expect(save(shopper, setup.setup_intent_id)).rejects.toMatchObject({
      code: "invalid_card",
      message: ACCOUNT_MESSAGES.cardNotAcceptedVisaMastercard,
    });
    expect(await attachedTo(confirmed.payment_method)).toBeNull();
    expect(await rowsOf(shopper.id)).toHaveLength(0);
  });

  it("checks the holder with the form's schema", async () => {
    const shopper = await createShopper(handle.db);
    await expect(save(shopper, "seti_whatever0000", { holder: "  " })).rejects.toMatchObject({
      code: "invalid_payment_method",
      fieldErrors: { holder: CARD_HOLDER_REQUIRED_MESSAGE },
    });
  });
});

describe("the size limit", () => {
  async function fill(shopper: TestShopper, count: number) {
    for (let i = 0; i < count; i += 1) {
      await savePaymentMethodFromSetup(handle.db, shopper.id, {
        token: `pm_filler_${shopper.id}_${i}`,
        brand: "visa",
        lastFour: String(1000 + i),
        expMonth: 12,
        expYear: new Date().getFullYear() + 3,
        holder: "Marie Curie",
        isDefault: false,
      });
    }
  }

  it("a full list starts no SetupIntent at Stripe", async () => {
    const shopper = await createShopper(handle.db);
    await fill(shopper, MAX_PAYMENT_METHODS);
    const before = server.requests().length;
    await expect(start(shopper)).rejects.toMatchObject({ kind: "conflict", code: "payment_method_limit" });
    expect(server.requests()).toHaveLength(before);
  });

  it("a list filled while the shopper was typing: refused, and the card set up is detached again", async () => {
    const shopper = await createShopper(handle.db);
    const setup = await start(shopper);
    const { payment_method: paymentMethodId } = await confirmInBrowser(setup);
    await fill(shopper, MAX_PAYMENT_METHODS);

    await expect(save(shopper, setup.setup_intent_id)).rejects.toMatchObject({ kind: "conflict", code: "payment_method_limit" });
    expect(await rowsOf(shopper.id)).toHaveLength(MAX_PAYMENT_METHODS);
    expect(await attachedTo(paymentMethodId)).toBeNull();
  });
});

describe("card numbers with Stripe, and the simulated acquirer", () => {
  it("refuses a card number in French before anything reaches Stripe", async () => {
    const shopper = await createShopper(handle.db);
    const before = server.requests().length;
    for (const body of [
      { number: "4242 4242 4242 4242", expiry: "12/35", holder: "Marie Curie" },
      { number: "not a number", expiry: "", holder: "" },
    ]) {
      await expect(addPaymentMethod(handle.db, stripe, shopper.id, body)).rejects.toMatchObject({
        kind: "invalid",
        code: "card_number_refused",
        message: ACCOUNT_MESSAGES.cardNumberInStripeForm,
      });
    }
    // Not with a SetupIntent either.
    await expect(save(shopper, "seti_x0000000", { holder: "Marie Curie", number: "4242424242424242" })).rejects.toMatchObject({
      code: "card_number_refused",
    });
    expect(server.requests()).toHaveLength(before);
    expect(await rowsOf(shopper.id)).toHaveLength(0);
  });

  it("the simulated acquirer has no SetupIntent: 404, and its cards are still added by number", async () => {
    const shopper = await createShopper(handle.db);
    await expect(startCardSetup(handle.db, simulated, { userId: shopper.id, email: shopper.email })).rejects.toMatchObject({
      kind: "not_found",
      message: ACCOUNT_MESSAGES.cardSetupUnavailable,
    });
    await expect(saveCardFromSetup(handle.db, simulated, shopper.id, "seti_x000000", { holder: "Marie Curie" })).rejects.toMatchObject({
      kind: "not_found",
    });
    const yy = String((new Date().getFullYear() + 2) % 100).padStart(2, "0");
    expect(
      await addPaymentMethod(handle.db, simulated, shopper.id, {
        number: "4242 4242 4242 4242",
        expiry: `12/${yy}`,
        holder: "Marie Curie",
      }),
    ).toMatchObject({ brand: "visa", last4: "4242" });
  });
});
