/**
 * The saved-card endpoints as their routes answer them with the shop taking cards by Stripe
 * (decision 059, "Saved cards"): POST /api/v1/payment-methods/setup-intents, POST
 * …/setup-intents/:id/save, and a card number posted to POST /api/v1/payment-methods refused in
 * French before anything reaches Stripe. Each answer is checked against its contract's schema. The
 * configuration, the session and the database are this file's own (the e2e shop runs the simulated
 * acquirer).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../../../../tests/support/db";
import { createShopper, type TestShopper } from "../../../../tests/support/shoppers";
import { startStripeServer, type StripeServer } from "../../../../tests/support/stripe-server/server";
import { CardSetupStartResponseSchema } from "~/.server/api/contracts/payment-method-setup-intents.contract";
import { PaymentMethodResponseSchema } from "~/.server/api/contracts/shared/payment-methods";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { DatabaseHandle } from "~/.server/db/client";
import { SimulatedPaymentProvider } from "~/.server/modules/payments/payment-provider";
import { createStripeProvider } from "~/.server/modules/payments/stripe/stripe-provider";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import type { PaymentProvider } from "~/domain/payments/payment-provider";

const shop = vi.hoisted(() => ({ db: undefined as unknown, provider: undefined as unknown, user: undefined as unknown }));
vi.mock("~/.server/db", () => ({ getDb: async () => shop.db }));
vi.mock("~/.server/modules/payments/payment-provider", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/.server/modules/payments/payment-provider")>()),
  getPaymentProvider: () => shop.provider,
}));
vi.mock("~/.server/auth/session.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/.server/auth/session.server")>()),
  requireApiUser: async () => ({ user: shop.user }),
}));

type Action = (args: never) => Promise<Response>;
let startAction: Action;
let saveAction: Action;
let numbersAction: Action;
let handle: DatabaseHandle;
let server: StripeServer;
let stripe: PaymentProvider;
let simulated: PaymentProvider;
let shopper: TestShopper;

beforeAll(async () => {
  // Test files share a worker's modules (vitest.config.ts: isolate false): the routes and the
  // modules behind them are loaded afresh, so that they read this file's mocks.
  vi.resetModules();
  startAction = (await import("./payment-method-setup-intents")).action as Action;
  saveAction = (await import("./payment-method-setup-intent-save")).action as Action;
  numbersAction = (await import("./payment-methods")).action as Action;
  handle = await createTestDatabase();
  server = await startStripeServer();
  stripe = createStripeProvider({ secretKey: server.secretKey, apiBase: server.url });
  simulated = new SimulatedPaymentProvider(handle.db, `setup-routes-${Date.now()}`);
  shopper = await createShopper(handle.db);
  shop.db = handle.db;
  shop.provider = stripe;
  shop.user = { id: shopper.id, email: shopper.email };
});
afterAll(async () => {
  await server?.stop();
  await handle?.close();
  // The next file in this worker must not inherit this file's mocked modules (isolate: false).
  vi.resetModules();
});

const BASE = "http://shop.test/api/v1/payment-methods";
const call = (action: Action, url: string, body?: unknown, params: Record<string, string> = {}) =>
  action({
    request: new Request(url, {
      method: "POST",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    params,
    context: {},
  } as never);

describe("with Stripe", () => {
  it("starts a setup, and saves the card the browser confirmed", async () => {
    const started = await call(startAction, `${BASE}/setup-intents`);
    expect(started.status).toBe(201);
    const { data } = CardSetupStartResponseSchema.parse(await started.json());

    // Stripe.js's confirmSetup, with the publishable key and the client secret.
    const confirmed = await fetch(`${server.url}/v1/setup_intents/${data.setup_intent_id}/confirm`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.publishableKey}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ payment_method: "pm_card_visa", client_secret: data.client_secret }),
    });
    expect(confirmed.status).toBe(200);

    const saved = await call(
      saveAction,
      `${BASE}/setup-intents/${data.setup_intent_id}/save`,
      { holder: "Marie Curie" },
      { id: data.setup_intent_id },
    );
    expect(saved.status).toBe(201);
    expect(PaymentMethodResponseSchema.parse(await saved.json()).data).toMatchObject({
      brand: "visa",
      last4: "4242",
      holder: "Marie Curie",
    });
  });

  it("refuses a SetupIntent not confirmed, with the API's error shape", async () => {
    const started = CardSetupStartResponseSchema.parse(await (await call(startAction, `${BASE}/setup-intents`)).json());
    const id = started.data.setup_intent_id;
    const refused = await call(saveAction, `${BASE}/setup-intents/${id}/save`, { holder: "Marie Curie" }, { id });
    expect(refused.status).toBe(400);
    expect(ApiErrorSchema.parse(await refused.json())).toMatchObject({
      error: { code: "card_setup_refused", message: ACCOUNT_MESSAGES.cardSetupNotConfirmed },
    });
  });

  it("answers a card number posted to POST /api/v1/payment-methods with a French 400, never sent to Stripe", async () => {
    const before = server.requests().length;
    const refused = await call(numbersAction, BASE, { number: "4242 4242 4242 4242", expiry: "12/35", holder: "Marie Curie" });
    expect(refused.status).toBe(400);
    expect(ApiErrorSchema.parse(await refused.json())).toEqual({
      error: { code: "card_number_refused", message: ACCOUNT_MESSAGES.cardNumberInStripeForm },
    });
    expect(server.requests()).toHaveLength(before);
  });
});

describe("with the simulated acquirer (the demonstration)", () => {
  it("has no setup: 404 in French", async () => {
    shop.provider = simulated;
    try {
      const answer = await call(startAction, `${BASE}/setup-intents`);
      expect(answer.status).toBe(404);
      expect(ApiErrorSchema.parse(await answer.json())).toMatchObject({
        error: { code: "not_found", message: ACCOUNT_MESSAGES.cardSetupUnavailable },
      });
    } finally {
      shop.provider = stripe;
    }
  });
});
