import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as COMMON_MESSAGES from "~/domain/messages/common";
import { formatMessage } from "~/domain/messages/format";

/**
 * Limits and French messages of the auth forms, without zod: the header and the sign-out code
 * import this, and storefront pages must not ship the validation library on first load.
 */
export const NAME_MAX = 60;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Where the library's verification link leads once opened (the server accepts only this). */
export const EMAIL_VERIFIED_CALLBACK = "/dashboard?email=confirmee";
export const EMAIL_LINK_INVALID_MESSAGE = ACCOUNT_MESSAGES.confirmationLinkNoLongerValid;

/** "Marie Claire Dupont" -> first "Marie", last "Claire Dupont" (the spec's rule). */
export function splitFullName(fullName: string): { firstName: string; lastName: string | null } {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? "", lastName: parts.length > 1 ? parts.slice(1).join(" ") : null };
}

/**
 * The wait a rate limit asked for (Retry-After), as a page words it in its language (decision
 * 044): whole seconds under a minute, else whole minutes, rounded up; null when none was given.
 */
export function retryWaitOf(retryAfterSeconds?: number | null): { unit: "seconds" | "minutes"; count: number } | null {
  if (!retryAfterSeconds || !Number.isFinite(retryAfterSeconds) || retryAfterSeconds <= 0) return null;
  return retryAfterSeconds < 60
    ? { unit: "seconds", count: Math.ceil(retryAfterSeconds) }
    : { unit: "minutes", count: Math.ceil(retryAfterSeconds / 60) };
}

/** "Trop de tentatives…" with the wait the server asked for (Retry-After), in words. */
export function tooManyAttemptsMessage(retryAfterSeconds?: number | null): string {
  const wait = retryWaitOf(retryAfterSeconds);
  if (!wait) return ACCOUNT_MESSAGES.tooManyAttemptsWaitFew;
  const unit = wait.unit === "seconds" ? "seconde" : "minute";
  return `Trop de tentatives. Veuillez réessayer dans ${wait.count} ${unit}${wait.count > 1 ? "s" : ""}.`;
}

/** French messages for the auth library's error codes; never its English text. */
export function authErrorMessage(code: string | undefined, status?: number, retryAfterSeconds?: number | null): string {
  if (status === 429 || code === "TOO_MANY_REQUESTS" || code === "TOO_MANY_ATTEMPTS" || code === "ACCOUNT_LOCKED")
    return tooManyAttemptsMessage(retryAfterSeconds);
  switch (code) {
    case "INVALID_EMAIL_OR_PASSWORD":
    case "INVALID_PASSWORD":
    case "INVALID_EMAIL":
    case "USER_NOT_FOUND":
      return ACCOUNT_MESSAGES.incorrectEMailPassword;
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return ACCOUNT_MESSAGES.cannotSignUpEMail;
    case "PASSWORD_TOO_SHORT":
      return formatMessage(ACCOUNT_MESSAGES.passwordMinLength, { min: PASSWORD_MIN });
    case "PASSWORD_TOO_LONG":
      return formatMessage(ACCOUNT_MESSAGES.passwordMaxLength, { max: PASSWORD_MAX });
    case "INVALID_CODE":
    case "INVALID_TWO_FACTOR_COOKIE":
    case "INVALID_BACKUP_CODE":
    case "OTP_HAS_EXPIRED":
      return ACCOUNT_MESSAGES.incorrectVerificationCode;
    case "INVALID_TOKEN":
    case "TOKEN_EXPIRED":
      return EMAIL_LINK_INVALID_MESSAGE;
    case "BANNED_USER":
      return ACCOUNT_MESSAGES.accountDisabled;
    case "VALIDATION_ERROR":
    case "INVALID_INPUT":
      return ACCOUNT_MESSAGES.invalidRequestCheckFieldsSent;
    case "UNAUTHORIZED":
    case "SESSION_EXPIRED":
      return ACCOUNT_MESSAGES.signRequired;
    case "NOT_FOUND":
      return COMMON_MESSAGES.pageNotFound;
    case "INVALID_ORIGIN":
    case "MISSING_OR_NULL_ORIGIN":
    case "INVALID_CALLBACKURL":
      return ACCOUNT_MESSAGES.requestRefusedOriginNotAllowed;
    default:
      return ACCOUNT_MESSAGES.somethingWentWrongTryAgain;
  }
}

/** Sign-up rolled back by a failure of ours (the database, the mail queue): nothing was created. */
export const SIGN_UP_FAILED_MESSAGE = ACCOUNT_MESSAGES.accountCouldNotCreatedTry;
