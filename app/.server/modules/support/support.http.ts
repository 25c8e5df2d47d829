import { jsonError } from "../../http";
import type { SupportTicketFailure } from "./support.service";

/** The JSON error of a refused ticket; field messages go in `details`. */
export function supportTicketFailureResponse(failure: SupportTicketFailure): Response {
  const details = failure.fieldErrors
    ? Object.entries(failure.fieldErrors).map(([field, message]) => ({ field, message }))
    : undefined;
  return jsonError(failure.status, failure.code, failure.message, details);
}
