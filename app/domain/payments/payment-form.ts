/**
 * Which card form the checkout shows (decision 059): the shop's own fields, whose numbers go to
 * the simulated acquirer of the demonstration, or Stripe's Payment Element, which sends them to
 * Stripe only. The page gets Stripe's publishable key, never a secret one.
 */
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";

export type PaymentFormConfig = { provider: "simulated" } | { provider: "stripe"; publishableKey: string };

export const SIMULATED_PAYMENT_FORM: PaymentFormConfig = { provider: "simulated" };

/**
 * What to tell the shopper of an error of Stripe's form. A field left incomplete is shown by the
 * Payment Element itself, beside the field: ours says what to do in the shop's words. Stripe's
 * other messages (a card refused, a failed authentication) are already in the shopper's language,
 * the Elements' locale.
 */
export function stripeFormErrorMessage(error: { type: string; message?: string }): string {
  if (error.type === "validation_error" || !error.message) return CHECKOUT_MESSAGES.paymentFormIncomplete;
  return error.message;
}
