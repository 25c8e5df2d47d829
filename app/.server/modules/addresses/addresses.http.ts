import { jsonError } from "../../http";
import type { AddressFailure } from "./addresses.service";

/** The JSON error of a refused address operation; field messages go in `details`. */
export function addressFailureResponse(failure: AddressFailure): Response {
  const details = failure.fieldErrors
    ? Object.entries(failure.fieldErrors).map(([field, message]) => ({ field, message }))
    : undefined;
  return jsonError(failure.status, failure.code, failure.message, details);
}

/** The parsed JSON object of a request, or undefined when the body is not a JSON object. */
export async function readJsonBody(request: Request): Promise<Record<string, unknown> | undefined> {
  const body: unknown = await request.json().catch(() => undefined);
  if (!body || typeof body !== "object" || Array.isArray(body)) return undefined;
  return body as Record<string, unknown>;
}
