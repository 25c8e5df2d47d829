/**
 * The payment provider's configuration (env.ts, decision 059): Stripe only with well-formed keys of
 * one mode, the simulated acquirer otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeServer, type StripeServer } from "../../../../../tests/support/stripe-server/server";
import type { Database } from "~/.server/db/client";
import { parseEnv, stripeKeyMode } from "~/.server/env";
import { paymentProviderFor, SimulatedPaymentProvider } from "../payment-provider";
import { StripePaymentProvider } from "./stripe-provider";

const TEST_KEYS = { STRIPE_SECRET_KEY: "sk_test_51AbCdEfGh12345678", STRIPE_PUBLISHABLE_KEY: "pk_test_51AbCdEfGh12345678" };
const LIVE_KEYS = { STRIPE_SECRET_KEY: "sk_live_51AbCdEfGh12345678", STRIPE_PUBLISHABLE_KEY: "pk_live_51AbCdEfGh12345678" };
const WEBHOOK_SECRET = { STRIPE_WEBHOOK_SECRET: "whsec_AbCdEf0123456789" };

/** The message parseEnv refuses a configuration with, or null when it takes it. */
function refusal(source: Record<string, string>): string | null {
  try {
    parseEnv(source);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe("stripeKeyMode", () => {
  it("tells test keys from live ones, secret, restricted or publishable", () => {
    expect(stripeKeyMode("sk_test_abc")).toBe("test");
    expect(stripeKeyMode("rk_live_abc")).toBe("live");
    expect(stripeKeyMode("pk_live_abc")).toBe("live");
    expect(stripeKeyMode("whsec_abc")).toBeNull();
    expect(stripeKeyMode("sk_prod_abc")).toBeNull();
    expect(stripeKeyMode(undefined)).toBeNull();
  });
});

describe("PAYMENT_PROVIDER", () => {
  it("is the simulated acquirer by default, with no Stripe key needed", () => {
    const env = parseEnv({});
    expect(env.PAYMENT_PROVIDER).toBe("simulated");
    expect(paymentProviderFor(env, {} as Database)).toBeInstanceOf(SimulatedPaymentProvider);
  });

  it("takes Stripe with a test or a live pair of keys, and a webhook secret", () => {
    expect(refusal({ PAYMENT_PROVIDER: "stripe", ...TEST_KEYS, ...WEBHOOK_SECRET })).toBeNull();
    // A live pair is well formed, but a demonstration never charges a real card (decision 060).
    expect(refusal({ PAYMENT_PROVIDER: "stripe", ...LIVE_KEYS, ...WEBHOOK_SECRET })).toMatch(
      /clé Stripe de production .* refusée en mode démonstration/,
    );
    expect(
      refusal({ PAYMENT_PROVIDER: "stripe", ...TEST_KEYS, ...WEBHOOK_SECRET, STRIPE_SECRET_KEY: "rk_test_51AbCdEfGh12345678" }),
    ).toBeNull();
  });

  it("refuses to start Stripe without the webhook's signing secret, which the simulated acquirer does not need", () => {
    expect(refusal({ PAYMENT_PROVIDER: "stripe", ...TEST_KEYS })).toMatch(
      /STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET is required when PAYMENT_PROVIDER=stripe/,
    );
    expect(refusal({ PAYMENT_PROVIDER: "stripe", ...TEST_KEYS, STRIPE_WEBHOOK_SECRET: "whsec_" })).toMatch(
      /STRIPE_WEBHOOK_SECRET must be a webhook signing secret/,
    );
    expect(refusal({ ...TEST_KEYS })).toBeNull();
  });

  it("refuses to start without the keys, naming each variable", () => {
    const message = refusal({ PAYMENT_PROVIDER: "stripe" });
    expect(message).toMatch(/STRIPE_SECRET_KEY: STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe/);
    expect(message).toMatch(/STRIPE_PUBLISHABLE_KEY: STRIPE_PUBLISHABLE_KEY is required when PAYMENT_PROVIDER=stripe/);
    expect(message).toMatch(/STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET is required when PAYMENT_PROVIDER=stripe/);
    expect(refusal({ PAYMENT_PROVIDER: "paypal" })).toMatch(/PAYMENT_PROVIDER/);
  });

  it("refuses malformed keys, without repeating them", () => {
    const swapped = refusal({
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: TEST_KEYS.STRIPE_PUBLISHABLE_KEY,
      STRIPE_PUBLISHABLE_KEY: TEST_KEYS.STRIPE_SECRET_KEY,
    });
    expect(swapped).toMatch(/STRIPE_SECRET_KEY: STRIPE_SECRET_KEY must be a Stripe secret key/);
    expect(swapped).toMatch(/STRIPE_PUBLISHABLE_KEY: STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key/);
    expect(swapped).not.toContain("51AbCdEfGh12345678");
    expect(refusal({ PAYMENT_PROVIDER: "stripe", ...TEST_KEYS, STRIPE_SECRET_KEY: "sk_test_ has spaces" })).toMatch(
      /STRIPE_SECRET_KEY must be/,
    );
    expect(refusal({ STRIPE_WEBHOOK_SECRET: "wh_123" })).toMatch(/STRIPE_WEBHOOK_SECRET must be a webhook signing secret/);
    expect(refusal({ STRIPE_API_BASE: "localhost:12111" })).toMatch(/STRIPE_API_BASE must be an http/);
  });

  it("refuses a test key with a live one", () => {
    expect(
      refusal({
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: TEST_KEYS.STRIPE_SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: LIVE_KEYS.STRIPE_PUBLISHABLE_KEY,
      }),
    ).toMatch(/STRIPE_PUBLISHABLE_KEY: STRIPE_PUBLISHABLE_KEY is a live key but STRIPE_SECRET_KEY is a test key/);
    expect(
      refusal({
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: LIVE_KEYS.STRIPE_SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: TEST_KEYS.STRIPE_PUBLISHABLE_KEY,
      }),
    ).toMatch(/is a test key but STRIPE_SECRET_KEY is a live key/);
  });

  it("sends a live key nowhere but to Stripe", () => {
    expect(refusal({ PAYMENT_PROVIDER: "stripe", ...LIVE_KEYS, STRIPE_API_BASE: "http://127.0.0.1:12111" })).toMatch(
      /STRIPE_API_BASE: STRIPE_API_BASE is for tests/,
    );
  });
});

describe("the configured Stripe provider", () => {
  let server: StripeServer;
  beforeAll(async () => {
    server = await startStripeServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("talks to the server STRIPE_API_BASE names", async () => {
    const env = parseEnv({
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: server.secretKey,
      STRIPE_PUBLISHABLE_KEY: server.publishableKey,
      STRIPE_WEBHOOK_SECRET: server.webhookSecret,
      STRIPE_API_BASE: server.url,
    });
    const provider = paymentProviderFor(env, {} as Database);
    expect(provider).toBeInstanceOf(StripePaymentProvider);
    expect(provider.name).toBe("stripe");
    const paid = await provider.charge({
      amountCents: 1990,
      currency: "EUR",
      source: { type: "payment_method", id: server.createPaymentMethod("pm_card_visa") },
      customerRef: "user-config",
      idempotencyKey: "config:1",
      description: "Aurore, configuration",
    });
    expect(paid).toMatchObject({ ok: true, brand: "visa", lastFour: "4242" });
    expect(server.paymentIntents().filter((intent) => intent.metadata.attempt_key === "config:1")).toHaveLength(1);
  });
});
