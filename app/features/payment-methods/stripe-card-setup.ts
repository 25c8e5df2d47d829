/**
 * Saving a card with Stripe from Moyens de paiement (decision 059, "Saved cards"), as a plain
 * function of Stripe.js's `stripe` and `elements`, so each outcome is a unit test with fakes
 * (Stripe.js itself loads from Stripe at run time). The card number stays in Stripe's frames: the
 * Elements are checked, the server starts a SetupIntent, Stripe.js confirms it (the bank's 3-D
 * Secure dialog included, no redirect for cards), and the server saves the card it attached.
 */
import type { Stripe, StripeElements } from "@stripe/stripe-js";
import { stripeFormErrorMessage } from "~/domain/payments/payment-form";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import type { CardSetupSaveInput, PaymentMethodField, PaymentMethodView } from "~/domain/payment-methods/payment-method.schema";
import type { PaymentMethodApiResult } from "./payment-method-api";

type FieldErrors = Partial<Record<PaymentMethodField, string>>;

export type CardSetupOutcome = { ok: true; card: PaymentMethodView } | { ok: false; message: string; fieldErrors: FieldErrors };

/** The server's two steps (payment-method-api.ts), passed in so that tests give theirs. */
export type CardSetupApi = {
  start(): Promise<PaymentMethodApiResult<{ setup_intent_id: string; client_secret: string }>>;
  save(setupIntentId: string, values: CardSetupSaveInput): Promise<PaymentMethodApiResult<PaymentMethodView>>;
};

const failed = (message: string, fieldErrors: FieldErrors = {}): CardSetupOutcome => ({ ok: false, message, fieldErrors });

/** What the server's refusal says, or the form's generic one (spec back-office §8). */
function refusalOf(result: { status: number; message: string }): string {
  return [400, 401, 404, 409, 502].includes(result.status) && result.message ? result.message : ACCOUNT_MESSAGES.errorWhileAdding;
}

export async function saveCardWithStripe(
  stripe: Pick<Stripe, "confirmSetup">,
  elements: StripeElements,
  values: { holder: string; is_default: boolean },
  api: CardSetupApi,
): Promise<CardSetupOutcome> {
  try {
    // Stripe's own checks first (an incomplete number, a wrong expiry): nothing is started yet.
    const submitted = await elements.submit();
    if (submitted.error) return failed(stripeFormErrorMessage(submitted.error));
    const started = await api.start();
    if (!started.ok) return failed(refusalOf(started));
    const confirmed = await stripe.confirmSetup({
      elements,
      clientSecret: started.data.client_secret,
      // The holder helps the bank recognise its cardholder (3-D Secure).
      confirmParams: { payment_method_data: { billing_details: { name: values.holder } } },
      redirect: "if_required",
    });
    if (confirmed.error) return failed(stripeFormErrorMessage(confirmed.error));
    if (confirmed.setupIntent.status !== "succeeded") return failed(ACCOUNT_MESSAGES.cardSetupNotConfirmed);
    const saved = await api.save(confirmed.setupIntent.id, values);
    if (saved.ok) return { ok: true, card: saved.data };
    return failed(refusalOf(saved), saved.status === 400 ? saved.fieldErrors : {});
  } catch {
    // Stripe unreachable while confirming: nothing is saved, the shopper can try again.
    return failed(CHECKOUT_MESSAGES.somethingWentWrongCheckConnection);
  }
}
