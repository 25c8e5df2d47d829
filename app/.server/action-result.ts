/**
 * A page action's one answer (decision 056) as route data: a success is 200 with
 * `{ ok: true, data, message? }`; a refusal is the domain error's status (error-responses.ts) with
 * `{ ok: false, code, message, fieldErrors?, values?, details? }`. `answerAction` runs the service
 * call and turns a thrown DomainError into that refusal; anything else is rethrown for the
 * last-resort handler. `headers` go on the answer either way.
 */
import { data } from "react-router";
import { actionFailure, actionSuccess, type ActionResult } from "~/domain/http/action-result";
import { isDomainError, type DomainError } from "~/domain/errors";
import { retryAfterOf, statusOf } from "./error-responses";

/** Headers of the answer beside its status (`Cache-Control: no-store`, a Set-Cookie line). */
export type AnswerHeaders = Record<string, string>;

/** `headers` may be a Headers when it holds several Set-Cookie lines (a replaced session's). */
export function succeeded<T>(value: T, message?: string, headers?: AnswerHeaders | Headers) {
  return data<ActionResult<T>>(actionSuccess(value, message), headers === undefined ? undefined : { headers });
}

/**
 * `values`: what a page form sent, given back with the refusal so the form shows it again. A rate
 * limit that says when it frees up says it the standard way too (`Retry-After`), as the API does.
 */
export function refused<T = never>(error: DomainError, values?: Record<string, unknown>, headers?: AnswerHeaders) {
  const retryAfter = error.kind === "rate_limited" ? retryAfterOf(error) : undefined;
  const all = { ...headers, ...(retryAfter === undefined ? {} : { "Retry-After": String(retryAfter) }) };
  return data<ActionResult<T>>(actionFailure(error, values), {
    status: statusOf(error),
    ...(Object.keys(all).length > 0 ? { headers: all } : {}),
  });
}

export async function answerAction<T>(
  run: () => Promise<{ data: T; message?: string }>,
  values?: Record<string, unknown>,
  headers?: AnswerHeaders,
) {
  try {
    const { data: value, message } = await run();
    return succeeded(value, message, headers);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return refused<T>(error, values, headers);
  }
}
