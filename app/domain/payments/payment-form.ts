/**
 * Which card form the checkout shows (decision 059): the shop's own fields, whose numbers go to
 * the simulated acquirer of the demonstration, or Stripe's Payment Element, which sends them to
 * Stripe only. The page gets Stripe's publishable key, never a secret one.
 */
export type PaymentFormConfig = { provider: "simulated" } | { provider: "stripe"; publishableKey: string };

export const SIMULATED_PAYMENT_FORM: PaymentFormConfig = { provider: "simulated" };
