/**
 * POST /api/v1/payments/stripe/webhook as the route answers it (decision 059, "Webhooks"): the raw
 * body Stripe signed, the documented answers, and a 404 when the shop does not take cards by
 * Stripe. The shop's configuration and database are this file's own (the e2e shop runs the
 * simulated acquirer; tests/e2e/api/stripe-webhook.test.ts checks its 404 over HTTP).
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../../../../../tests/support/db";
import { startStripeServer, type StripeServer } from "../../../../../tests/support/stripe-server/server";
import { signDelivery, type SignedDelivery } from "../../../../../tests/support/stripe-server/webhooks";
import { StripeWebhookReceiptSchema } from "~/.server/api/contracts/payments/stripe-webhook.contract";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { DatabaseHandle } from "~/.server/db/client";
import { stripeWebhookEvents } from "~/.server/db/schema";
import type { Env } from "~/.server/env";
import { createStripeProvider, type StripePaymentProvider } from "~/.server/modules/payments/stripe/stripe-provider";
import {
  STRIPE_SIGNATURE_INVALID_MESSAGE,
  STRIPE_SIGNATURE_MISSING_MESSAGE,
  STRIPE_WEBHOOK_NOT_FOUND_MESSAGE,
} from "~/domain/payments/stripe-webhooks";

const shop = vi.hoisted(() => ({ db: undefined as unknown, env: undefined as unknown, provider: undefined as unknown }));
vi.mock("~/.server/db", () => ({ getDb: async () => shop.db }));
vi.mock("~/.server/env", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/.server/env")>()),
  getEnv: () => shop.env,
}));
vi.mock("~/.server/modules/payments/payment-provider", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/.server/modules/payments/payment-provider")>()),
  getPaymentProvider: () => shop.provider,
}));

type RouteModule = typeof import("./stripe-webhook");
let action: RouteModule["action"];
let loader: RouteModule["loader"];
let handle: DatabaseHandle;
let server: StripeServer;
let stripe: StripePaymentProvider;
let demo: Env;
let withStripe: Env;

beforeAll(async () => {
  // Test files share a worker's modules (vitest.config.ts: isolate false): the route and the
  // modules behind it are loaded afresh, so that they read this file's configuration.
  vi.resetModules();
  ({ action, loader } = await import("./stripe-webhook"));
  const { parseEnv } = await vi.importActual<typeof import("~/.server/env")>("~/.server/env");
  handle = await createTestDatabase();
  server = await startStripeServer();
  stripe = createStripeProvider({ secretKey: server.secretKey, apiBase: server.url });
  demo = parseEnv({});
  withStripe = parseEnv({
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: server.secretKey,
    STRIPE_PUBLISHABLE_KEY: server.publishableKey,
    STRIPE_WEBHOOK_SECRET: server.webhookSecret,
    STRIPE_API_BASE: server.url,
  });
  shop.db = handle.db;
  shop.provider = stripe;
});
afterAll(async () => {
  await server?.stop();
  await handle?.close();
  // The next file in this worker must not inherit this file's mocked modules (isolate: false).
  vi.resetModules();
});

const URL = "http://shop.test/api/v1/payments/stripe/webhook";
const args = (request: Request) => ({ request, params: {}, context: {} }) as unknown as Parameters<RouteModule["action"]>[0];

function post(body: string, signature?: string): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8" };
  if (signature !== undefined) headers["stripe-signature"] = signature;
  return action(args(new Request(URL, { method: "POST", body, headers })));
}

/** An event about a payment the shop never asked for: acknowledged, nothing to change. */
async function strayPaymentEvent(): Promise<SignedDelivery> {
  const paid = await stripe.charge({
    amountCents: 1290,
    currency: "EUR",
    source: { type: "payment_method", id: server.createPaymentMethod("pm_card_visa") },
    customerRef: "stray",
    idempotencyKey: `${randomUUID()}:1`,
    description: "Paiement fait ailleurs",
  });
  if (!paid.ok) throw new Error("charge expected");
  const event = server
    .events()
    .filter((e) => e.type === "payment_intent.succeeded" && (e.data.object as { id: string }).id === paid.paymentId)
    .at(-1)!;
  return signDelivery(event, server.webhookSecret);
}

describe("the Stripe webhook route", () => {
  it("does not exist in a shop that does not take cards by Stripe", async () => {
    shop.env = demo;
    const delivery = await strayPaymentEvent();
    const res = await post(delivery.payload, delivery.header);
    expect(res.status).toBe(404);
    expect(ApiErrorSchema.parse(await res.json())).toEqual({ error: { code: "not_found", message: STRIPE_WEBHOOK_NOT_FOUND_MESSAGE } });
    expect(await handle.db.select().from(stripeWebhookEvents).where(eq(stripeWebhookEvents.id, delivery.event.id))).toEqual([]);
  });

  it("verifies the body as Stripe sent it, answers the receipt, then acknowledges the replay", async () => {
    shop.env = withStripe;
    const delivery = await strayPaymentEvent();
    // Stripe's body is pretty-printed: read as JSON and written again, it would no longer match its signature.
    expect(delivery.payload).toContain("\n  ");
    const first = await post(delivery.payload, delivery.header);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(StripeWebhookReceiptSchema.parse(await first.json())).toEqual({
      data: { received: true, event_id: delivery.event.id, type: "payment_intent.succeeded", outcome: "unknown_payment", replayed: false },
    });
    const again = await post(delivery.payload, delivery.header);
    expect(await again.json()).toMatchObject({ data: { event_id: delivery.event.id, replayed: true } });
    expect(await handle.db.select().from(stripeWebhookEvents).where(eq(stripeWebhookEvents.id, delivery.event.id))).toHaveLength(1);
  });

  it("refuses a missing or wrong signature with the API's error body, and records nothing", async () => {
    shop.env = withStripe;
    const delivery = await strayPaymentEvent();
    const cases: [Promise<Response>, string][] = [
      [post(delivery.payload), STRIPE_SIGNATURE_MISSING_MESSAGE],
      [post(delivery.payload, signDelivery(delivery.event, "whsec_notTheShopsSecret000000").header), STRIPE_SIGNATURE_INVALID_MESSAGE],
      [post(JSON.stringify(delivery.event), delivery.header), STRIPE_SIGNATURE_INVALID_MESSAGE],
    ];
    for (const [answer, message] of cases) {
      const res = await answer;
      expect(res.status).toBe(400);
      expect(ApiErrorSchema.parse(await res.json())).toEqual({ error: { code: "invalid_signature", message } });
    }
    expect(await handle.db.select().from(stripeWebhookEvents).where(eq(stripeWebhookEvents.id, delivery.event.id))).toEqual([]);
  });

  it("answers only POST", async () => {
    const res = await loader();
    expect(res.status).toBe(405);
    const put = await action(args(new Request(URL, { method: "PUT", body: "{}" })));
    expect(put.status).toBe(405);
  });
});
