/**
 * The one answer of a page action (decision 056): a success with its data and, if the page shows
 * one, a French message; or a refusal with the domain error's stable code, its French message and
 * the message of each field it is about. Built only from a DomainError, so a refusal always has a
 * code the page (and a test) can branch on. Isomorphic: the server builds it, the page reads it.
 */
import type { DomainError, FieldErrors } from "~/domain/errors";

export type ActionSuccess<T> = { ok: true; data: T; message?: string };
export type ActionFailure = { ok: false; code: string; message: string; fieldErrors?: FieldErrors };
export type ActionResult<T = null> = ActionSuccess<T> | ActionFailure;

export function actionSuccess<T>(data: T, message?: string): ActionSuccess<T> {
  return message === undefined ? { ok: true, data } : { ok: true, data, message };
}

/** A refusal from a domain error: its one field, if it names one, is a field error too. */
export function actionFailure(error: DomainError): ActionFailure {
  const fieldErrors = error.fieldErrors ?? (error.field === undefined ? undefined : { [error.field]: error.message });
  return fieldErrors === undefined
    ? { ok: false, code: error.code, message: error.message }
    : { ok: false, code: error.code, message: error.message, fieldErrors };
}

/** A refusal's field messages without the fields it leaves unset, for a form's error state. */
export function failureFieldErrors(result: ActionFailure): Record<string, string> {
  return Object.fromEntries(Object.entries(result.fieldErrors ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
