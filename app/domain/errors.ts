/**
 * The one error model of the shop (docs/decisions/024-layering.md). A service or workflow that
 * refuses an operation throws a DomainError: a kind (what went wrong, for the transport), a
 * stable code (what the API's clients branch on), a French message the shopper may read, and
 * optionally the form field it is about or a message per field. Services never know HTTP: the
 * server maps the kind to a status in one place (app/.server/error-responses.ts).
 *
 * Isomorphic: no React, no server import.
 */

export type DomainErrorKind =
  /** The input breaks a rule (400). */
  | "invalid"
  /** The thing asked for does not exist, or is not the caller's to see (404). */
  | "not_found"
  /** The caller may not do this (403). */
  | "forbidden"
  /** Nobody is signed in (401). */
  | "unauthenticated"
  /** The thing's current state refuses the operation: stock, a used code, a status (409). */
  | "conflict"
  /** The payment was declined (402). */
  | "payment_declined"
  /** Too many attempts; try again later (429). */
  | "rate_limited"
  /** The body is too large (413). */
  | "too_large"
  /** The body's media type is not one the route reads (415). */
  | "unsupported_media_type"
  /** A service the shop depends on (the payment provider) did not answer (502). */
  | "unavailable"
  /** The operation failed for an unexpected reason, already logged; the shopper may retry (500). */
  | "failed";

export type FieldErrors = Partial<Record<string, string>>;

export type DomainErrorOptions = {
  /** The one form field the error is about. */
  field?: string;
  /** A message per field, for a form that failed on several at once. */
  fieldErrors?: FieldErrors;
  /** Anything the API client may need beside the message (never shown as is). */
  details?: unknown;
};

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly code: string;
  readonly field?: string;
  readonly fieldErrors?: FieldErrors;
  readonly details?: unknown;

  constructor(kind: DomainErrorKind, code: string, message: string, options: DomainErrorOptions = {}) {
    super(message);
    this.name = "DomainError";
    this.kind = kind;
    this.code = code;
    if (options.field !== undefined) this.field = options.field;
    if (options.fieldErrors !== undefined) this.fieldErrors = options.fieldErrors;
    if (options.details !== undefined) this.details = options.details;
  }
}

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}

export const invalid = (code: string, message: string, options?: DomainErrorOptions) => new DomainError("invalid", code, message, options);
export const notFound = (code: string, message: string, options?: DomainErrorOptions) =>
  new DomainError("not_found", code, message, options);
export const forbidden = (code: string, message: string, options?: DomainErrorOptions) =>
  new DomainError("forbidden", code, message, options);
export const unauthenticated = (code: string, message: string, options?: DomainErrorOptions) =>
  new DomainError("unauthenticated", code, message, options);
export const conflict = (code: string, message: string, options?: DomainErrorOptions) =>
  new DomainError("conflict", code, message, options);
export const unavailable = (code: string, message: string, options?: DomainErrorOptions) =>
  new DomainError("unavailable", code, message, options);

/** The serialisable shape of a refusal, as route data and inside the API's error body. */
export type DomainErrorData = {
  code: string;
  message: string;
  field?: string;
  fieldErrors?: FieldErrors;
};

export function domainErrorData(error: DomainError): DomainErrorData {
  return {
    code: error.code,
    message: error.message,
    ...(error.field === undefined ? {} : { field: error.field }),
    ...(error.fieldErrors === undefined ? {} : { fieldErrors: error.fieldErrors }),
  };
}
