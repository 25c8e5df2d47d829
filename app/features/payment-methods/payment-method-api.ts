/** Browser calls to /api/v1/payment-methods. Every function resolves (never throws). */
import { callJsonApi, type JsonApiResult } from "~/lib/json-api";
import type {
  CardSetupSaveInput,
  PaymentMethodField,
  PaymentMethodInput,
  PaymentMethodView,
} from "~/domain/payment-methods/payment-method.schema";

export type PaymentMethodApiResult<T> = JsonApiResult<T, PaymentMethodField>;

export function fetchPaymentMethods(): Promise<PaymentMethodApiResult<PaymentMethodView[]>> {
  return callJsonApi("/api/v1/payment-methods");
}

/** The number goes on to the payment provider through the server; no CVC is ever sent. */
export function createPaymentMethod(values: PaymentMethodInput): Promise<PaymentMethodApiResult<PaymentMethodView>> {
  return callJsonApi("/api/v1/payment-methods", { method: "POST", body: values });
}

/** With Stripe (decision 059): a SetupIntent for the signed-in shopper, confirmed next by Stripe.js. */
export function startCardSetup(): Promise<PaymentMethodApiResult<{ setup_intent_id: string; client_secret: string }>> {
  return callJsonApi("/api/v1/payment-methods/setup-intents", { method: "POST" });
}

/** Saves the card a SetupIntent confirmed in the browser attached (its number never reached the shop). */
export function saveCardFromSetup(setupIntentId: string, values: CardSetupSaveInput): Promise<PaymentMethodApiResult<PaymentMethodView>> {
  return callJsonApi(`/api/v1/payment-methods/setup-intents/${encodeURIComponent(setupIntentId)}/save`, { method: "POST", body: values });
}

export function removePaymentMethod(
  id: string,
): Promise<PaymentMethodApiResult<{ id: string; deleted: true; new_default_id: string | null }>> {
  return callJsonApi(`/api/v1/payment-methods/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function makeDefaultPaymentMethod(id: string): Promise<PaymentMethodApiResult<PaymentMethodView>> {
  return callJsonApi(`/api/v1/payment-methods/${encodeURIComponent(id)}`, { method: "PATCH", body: { is_default: true } });
}
