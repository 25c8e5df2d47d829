/**
 * A page action's one answer (decision 056) as route data: a success is 200 with
 * `{ ok: true, data, message? }`; a refusal is the domain error's status (error-responses.ts) with
 * `{ ok: false, code, message, fieldErrors? }`. `answerAction` runs the service call and turns a
 * thrown DomainError into that refusal; anything else is rethrown for the last-resort handler.
 */
import { data } from "react-router";
import { actionFailure, actionSuccess, type ActionResult } from "~/domain/http/action-result";
import { isDomainError, type DomainError } from "~/domain/errors";
import { statusOf } from "./error-responses";

export function succeeded<T>(value: T, message?: string) {
  return data<ActionResult<T>>(actionSuccess(value, message));
}

/** `values`: what a page form sent, given back with the refusal so the form shows it again. */
export function refused<T = never>(error: DomainError, values?: Record<string, unknown>) {
  return data<ActionResult<T>>(actionFailure(error, values), { status: statusOf(error) });
}

export async function answerAction<T>(run: () => Promise<{ data: T; message?: string }>, values?: Record<string, unknown>) {
  try {
    const { data: value, message } = await run();
    return succeeded(value, message);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return refused<T>(error, values);
  }
}
