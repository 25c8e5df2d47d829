import { describe, expect, it } from "vitest";
import { parseEnv } from "~/.server/env";
import { paymentFormOf } from "./payment-form";

describe("the card form the checkout shows (decision 059)", () => {
  it("is the shop's own with the simulated acquirer, Stripe's with its publishable key only, never a secret", () => {
    expect(paymentFormOf(parseEnv({}))).toEqual({ provider: "simulated" });
    const stripe = paymentFormOf(
      parseEnv({
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_test_51AbCdEfGh12345678",
        STRIPE_PUBLISHABLE_KEY: "pk_test_51AbCdEfGh12345678",
        STRIPE_WEBHOOK_SECRET: "whsec_AbCdEf0123456789",
      }),
    );
    expect(stripe).toEqual({ provider: "stripe", publishableKey: "pk_test_51AbCdEfGh12345678" });
    expect(JSON.stringify(stripe)).not.toMatch(/sk_|whsec_/);
  });
});
