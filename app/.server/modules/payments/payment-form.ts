import type { Env } from "~/.server/env";
import type { PaymentFormConfig } from "~/domain/payments/payment-form";

/** The card form the configured provider takes (env.ts has refused a Stripe setup without its keys). */
export function paymentFormOf(env: Pick<Env, "PAYMENT_PROVIDER" | "STRIPE_PUBLISHABLE_KEY">): PaymentFormConfig {
  if (env.PAYMENT_PROVIDER === "stripe" && env.STRIPE_PUBLISHABLE_KEY) {
    return { provider: "stripe", publishableKey: env.STRIPE_PUBLISHABLE_KEY };
  }
  return { provider: "simulated" };
}
