import { jsonError } from "../../http";
import type { PaymentMethodFailure } from "./payment-methods.service";

/** The JSON error of a refused payment-method operation; field messages go in `details`. */
export function paymentMethodFailureResponse(failure: PaymentMethodFailure): Response {
  const details = failure.fieldErrors
    ? Object.entries(failure.fieldErrors).map(([field, message]) => ({ field, message }))
    : undefined;
  return jsonError(failure.status, failure.code, failure.message, details);
}
