/**
 * The one answer of a page action (decision 056): a success with its data and, if the page shows
 * one, a French message; or a refusal with the domain error's stable code, its French message and
 * the message of each field it is about. Built only from a DomainError, so a refusal always has a
 * code the page (and a test) can branch on. Isomorphic: the server builds it, the page reads it.
 * A page form (not a fetcher) that re-renders on a refusal gets back what was typed in `values`;
 * the error's `details`, when it has any, come along for the page to word them in its language.
 */
import type { DomainError, FieldErrors } from "~/domain/errors";

export type ActionSuccess<T> = { ok: true; data: T; message?: string };
export type ActionFailure = {
  ok: false;
  code: string;
  message: string;
  fieldErrors?: FieldErrors;
  values?: Record<string, unknown>;
  /** What the error tells beside its message, as the API's `details` (an expired card's date, a limit's wait). */
  details?: unknown;
};
export type ActionResult<T = null> = ActionSuccess<T> | ActionFailure;

export function actionSuccess<T>(data: T, message?: string): ActionSuccess<T> {
  return message === undefined ? { ok: true, data } : { ok: true, data, message };
}

/** A refusal from a domain error: its one field, if it names one, is a field error too. */
export function actionFailure(error: DomainError, values?: Record<string, unknown>): ActionFailure {
  const fieldErrors = error.fieldErrors ?? (error.field === undefined ? undefined : { [error.field]: error.message });
  return {
    ok: false,
    code: error.code,
    message: error.message,
    ...(fieldErrors === undefined ? {} : { fieldErrors }),
    ...(values === undefined ? {} : { values }),
    ...(error.details === undefined ? {} : { details: error.details }),
  };
}

/** A refusal's field messages without the fields it leaves unset, for a form's error state. */
export function failureFieldErrors(result: ActionFailure): Record<string, string> {
  return Object.fromEntries(Object.entries(result.fieldErrors ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
