import { data } from "react-router";
import { domainErrorData, isDomainError, type DomainError, type DomainErrorKind } from "~/domain/errors";
import { jsonError } from "./http";

/** The one place a domain error's kind becomes an HTTP status. */
export const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  payment_declined: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  failed: 500,
  unavailable: 502,
};

export function statusOf(error: DomainError): number {
  return STATUS_OF_KIND[error.kind];
}

/**
 * The API's JSON answer to a domain error: `{ error: { code, message, details? } }`, where
 * per-field messages are `details: [{ field, message }]` as the API always answered them.
 */
export function apiErrorResponse(error: DomainError): Response {
  const fieldDetails = error.fieldErrors
    ? Object.entries(error.fieldErrors).map(([field, message]) => ({ field, message }))
    : error.field
      ? [{ field: error.field, message: error.message }]
      : undefined;
  const response = jsonError(statusOf(error), error.code, error.message, error.details ?? fieldDetails);
  // A limit that says when it frees up says it the standard way too.
  const retryAfter = error.kind === "rate_limited" ? retryAfterOf(error) : undefined;
  if (retryAfter !== undefined) response.headers.set("Retry-After", String(retryAfter));
  const nextAction = nextActionOf(error);
  if (!nextAction) return response;
  // A payment waiting for the shopper (3-D Secure): `next_action` beside the error, as acquirers' APIs put it.
  return Response.json(
    { error: { code: error.code, message: error.message, details: error.details }, next_action: nextAction },
    { status: statusOf(error), headers: { "Cache-Control": "no-store" } },
  );
}

/** A rate limit's wait in whole seconds, when the error says it (`details.retryAfterSeconds`). */
export function retryAfterOf(error: DomainError): number | undefined {
  const details = error.details;
  const seconds = details && typeof details === "object" && "retryAfterSeconds" in details ? details.retryAfterSeconds : undefined;
  return typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

function nextActionOf(error: DomainError): unknown {
  const details = error.details;
  return details && typeof details === "object" && "next_action" in details ? (details as { next_action: unknown }).next_action : undefined;
}

/** A page action's answer to a domain error: route data `{ ok: false, error }` with its status. */
export function routeErrorData(error: DomainError) {
  return data({ ok: false as const, error: domainErrorData(error) }, { status: statusOf(error) });
}

/**
 * Runs an API handler and answers a thrown domain error as JSON. Anything else is rethrown: the
 * server's last-resort handler answers it with a French 500 and never shows its text.
 */
export async function answeringDomainErrors(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (isDomainError(error)) return apiErrorResponse(error);
    throw error;
  }
}
