/**
 * The bank's 3-D Secure dialog, shown by Stripe.js (`handleNextAction`) for a PaymentIntent the
 * server created and confirmed (decision 059). What Stripe.js answers only tells our server to
 * look: the server asks Stripe for the outcome itself and never trusts the browser. A plain
 * function of the `stripe` object, so each outcome is a unit test with a fake.
 */
import type { Stripe } from "@stripe/stripe-js";

export type StripeNextActionResult = "succeeded" | "failed";

export async function handleStripeNextAction(
  stripe: Pick<Stripe, "handleNextAction">,
  clientSecret: string,
): Promise<StripeNextActionResult> {
  try {
    const result = await stripe.handleNextAction({ clientSecret });
    if (result.error) return "failed";
    const status = "paymentIntent" in result ? result.paymentIntent?.status : undefined;
    return status === "succeeded" || status === "processing" || status === "requires_capture" ? "succeeded" : "failed";
  } catch {
    return "failed";
  }
}
