/** Browser calls to /api/v1/payment-methods. Every function resolves (never throws). */
import { callJsonApi, type JsonApiResult } from "~/lib/json-api";
import type { PaymentMethodField, PaymentMethodInput, PaymentMethodView } from "~/domain/payment-methods/payment-method.schema";

export type PaymentMethodApiResult<T> = JsonApiResult<T, PaymentMethodField>;

export function fetchPaymentMethods(): Promise<PaymentMethodApiResult<PaymentMethodView[]>> {
  return callJsonApi("/api/v1/payment-methods");
}

/** The number goes on to the payment provider through the server; no CVC is ever sent. */
export function createPaymentMethod(values: PaymentMethodInput): Promise<PaymentMethodApiResult<PaymentMethodView>> {
  return callJsonApi("/api/v1/payment-methods", { method: "POST", body: values });
}

export function removePaymentMethod(
  id: string,
): Promise<PaymentMethodApiResult<{ id: string; deleted: true; new_default_id: string | null }>> {
  return callJsonApi(`/api/v1/payment-methods/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function makeDefaultPaymentMethod(id: string): Promise<PaymentMethodApiResult<PaymentMethodView>> {
  return callJsonApi(`/api/v1/payment-methods/${encodeURIComponent(id)}`, { method: "PATCH", body: { is_default: true } });
}
