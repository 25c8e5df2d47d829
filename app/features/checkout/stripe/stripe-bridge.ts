/**
 * What the checkout asks of Stripe.js, as plain functions of the `stripe` and `elements` objects
 * (decision 059): made into a PaymentMethod in the browser, the card goes to our server as its id
 * only, and the bank's 3-D Secure dialog is Stripe's own. Kept apart from the React wrapper so
 * that each outcome is a unit test with fakes: Stripe.js itself loads from Stripe at run time.
 */
import type { Stripe, StripeElements } from "@stripe/stripe-js";
import { stripeFormErrorMessage } from "~/domain/payments/payment-form";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import { handleStripeNextAction, type StripeNextActionResult } from "~/lib/stripe-next-action";

/** What the order button gets: the PaymentMethod's id (and last four digits), or the reason there is none. */
export type MadePaymentMethod = { ok: true; id: string; lastFour: string | null } | { ok: false; message: string };

export type StripeAuthenticationResult = StripeNextActionResult;

/** What the checkout's card form can do once Stripe.js and the Payment Element are ready. */
export type StripeCardFormHandle = {
  createPaymentMethod(options: { amountCents: number; keep: boolean }): Promise<MadePaymentMethod>;
  authenticate(clientSecret: string): Promise<StripeAuthenticationResult>;
};

/**
 * The card typed in the Payment Element, as a PaymentMethod. The Elements are told first the
 * amount and whether the card is kept (saved, or paying in 3): they must match the PaymentIntent
 * the server then creates, and they decide the mandate text Stripe shows.
 */
export async function createPaymentMethodWith(
  stripe: Pick<Stripe, "createPaymentMethod">,
  elements: StripeElements,
  { amountCents, keep }: { amountCents: number; keep: boolean },
): Promise<MadePaymentMethod> {
  try {
    await elements.update({ amount: amountCents, setupFutureUsage: keep ? "off_session" : null });
    const submitted = await elements.submit();
    if (submitted.error) return { ok: false, message: stripeFormErrorMessage(submitted.error) };
    const made = await stripe.createPaymentMethod({ elements });
    if (made.error) return { ok: false, message: stripeFormErrorMessage(made.error) };
    return { ok: true, id: made.paymentMethod.id, lastFour: made.paymentMethod.card?.last4 ?? null };
  } catch {
    // Stripe unreachable while submitting: nothing was sent to the shop, the shopper can retry.
    return { ok: false, message: CHECKOUT_MESSAGES.somethingWentWrongCheckConnection };
  }
}

/** The bank's 3-D Secure dialog, shown by Stripe.js (app/lib/stripe-next-action.ts, shared with the instalments' page). */
export const authenticateWith = handleStripeNextAction;
