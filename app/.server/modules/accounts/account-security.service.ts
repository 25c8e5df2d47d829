/**
 * What a signed-in user does to their own account's security: sign out, change the password,
 * end sessions, switch two-factor sign-in on or off, report a problem, delete the account.
 *
 * Every secret is checked by the auth library's server API, called with the request's headers
 * (its session cookie), so its per-account and per-address limits on wrong passwords and codes
 * apply here as on its HTTP endpoints (decision 022). Refusals are domain errors with the
 * account screens' French messages; anything else is rethrown for the caller's last resort.
 * Operations that replace the session hand back the Set-Cookie lines the browser must receive.
 */
import { isAPIError } from "better-auth/api";
import { applySetCookies } from "better-auth/cookies";
import QRCode from "qrcode";
import type { Database } from "../../db/client";
import type { Auth } from "../../auth/auth.server";
import { recordLogout } from "./login-history.service";
import {
  findOwnSessionToken,
  listOtherSessionIds,
  recordSecurityEvent,
  relinkLoginSession,
  type RequestOrigin,
  type SecurityEventInput,
} from "./security.service";
import { conflict, DomainError, invalid, notFound } from "~/domain/errors";
import { tooManyAttemptsMessage } from "~/domain/auth/auth.rules";
import { WRONG_PASSWORD_MESSAGE } from "~/domain/account/account-deletion.schema";
import {
  PASSWORD_CRITERIA_MESSAGE,
  TWO_FACTOR_SETUP_FIRST_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
  WRONG_TWO_FACTOR_CODE_MESSAGE,
} from "~/domain/account/security.schema";
import type { TwoFactorSetup } from "~/domain/account/account-actions";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

/** The signed-in user acting on their own account, and what the auth library needs to act for them. */
export type AccountActor = {
  db: Database;
  auth: Auth;
  /** The request's headers: the auth library finds the session (and the client address) there. */
  headers: Headers;
  origin: RequestOrigin;
  userId: string;
  sessionId: string;
  twoFactorEnabled: boolean;
};

/** Set-Cookie lines the auth library wrote (a replaced or ended session), for the response. */
export type SessionCookies = { setCookies: string[] };

/** The French failure line of each operation, for refusals that have no more precise message. */
export const SECURITY_FAILURE_MESSAGES = {
  changePassword: ACCOUNT_MESSAGES.errorWhileChangingPassword,
  endSession: ACCOUNT_MESSAGES.errorWhileEndingSession,
  endOtherSessions: ACCOUNT_MESSAGES.errorWhileEndingSessions,
  setUpTwoFactor: ACCOUNT_MESSAGES.errorWhileSettingUp2fa,
  confirmTwoFactor: ACCOUNT_MESSAGES.errorWhileTurning2fa,
  disableTwoFactor: ACCOUNT_MESSAGES.errorWhileTurningOff2fa,
  securityReport: ACCOUNT_MESSAGES.errorWhileSendingReportTry,
  deleteAccount: ACCOUNT_MESSAGES.errorWhileDeletingAccount,
} as const;

/**
 * The auth library's refusal as a domain error: too many wrong secrets lately (decision 022,
 * with the wait in `details.retryAfterSeconds`), or the error `byCode` gives for its code.
 * Any other failure is not a refusal and is rethrown as is.
 */
function refusalOf(error: unknown, byCode: Partial<Record<string, DomainError>>): never {
  if (!isAPIError(error)) throw error;
  const code = error.body?.code as string | undefined;
  if (code === "TOO_MANY_ATTEMPTS") {
    const retryAfterSeconds = Number((error.body as { retryAfterSeconds?: unknown }).retryAfterSeconds) || 60;
    throw new DomainError("rate_limited", "too_many_attempts", tooManyAttemptsMessage(retryAfterSeconds), {
      details: { retryAfterSeconds },
    });
  }
  const refusal = code === undefined ? undefined : byCode[code];
  throw refusal ?? error;
}

const wrongCurrentPassword = () => invalid("wrong_password", WRONG_CURRENT_PASSWORD_MESSAGE, { field: "currentPassword" });
const wrongTwoFactorCode = () => invalid("wrong_code", WRONG_TWO_FACTOR_CODE_MESSAGE, { field: "code" });

/**
 * The session the auth library just put in place of the current one (it replaces the session on
 * sensitive changes): asked of the library with the request's cookies updated by its answer.
 */
async function replacementSessionToken(actor: AccountActor, setCookies: string[]): Promise<string | null> {
  const headers = new Headers(actor.headers);
  applySetCookies(headers, setCookies);
  const fresh = await actor.auth.api.getSession({ headers });
  return fresh?.session.token ?? null;
}

/** The sign-in's history row follows the replacement session, so ending it later still marks that row. */
async function followReplacedSession(actor: AccountActor, setCookies: string[]): Promise<void> {
  const token = await replacementSessionToken(actor, setCookies);
  if (token) await relinkLoginSession(actor.db, actor.userId, actor.sessionId, token);
}

function event(
  actor: AccountActor,
  eventType: SecurityEventInput["eventType"],
  description: string,
  metadata: Record<string, unknown> = {},
): SecurityEventInput {
  return {
    userId: actor.userId,
    eventType,
    description,
    ipAddress: actor.origin.ip,
    userAgent: actor.origin.ua,
    metadata,
  };
}

/** Ends the current session ("Déconnexion"). */
export async function signOut(actor: AccountActor): Promise<SessionCookies> {
  const { headers } = await actor.auth.api.signOut({ headers: actor.headers, returnHeaders: true });
  await recordLogout(actor.db, actor.sessionId, "manual_logout");
  return { setCookies: headers.getSetCookie() };
}

/** Changes the password; every other session is signed out and this browser gets a new one. */
export async function changePassword(
  actor: AccountActor,
  input: { currentPassword: string; newPassword: string },
): Promise<SessionCookies> {
  const others = await listOtherSessionIds(actor.db, actor.userId, actor.sessionId);
  let headers: Headers;
  try {
    ({ headers } = await actor.auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: actor.headers,
      returnHeaders: true,
    }));
  } catch (error) {
    refusalOf(error, {
      INVALID_PASSWORD: wrongCurrentPassword(),
      PASSWORD_TOO_SHORT: invalid("password_criteria", PASSWORD_CRITERIA_MESSAGE, { field: "newPassword" }),
      PASSWORD_TOO_LONG: invalid("password_criteria", PASSWORD_CRITERIA_MESSAGE, { field: "newPassword" }),
    });
  }
  const setCookies = headers.getSetCookie();
  await followReplacedSession(actor, setCookies);
  for (const id of others) await recordLogout(actor.db, id, "terminated_by_user");
  await recordSecurityEvent(actor.db, event(actor, "password_changed", "Mot de passe modifié", { otherSessionsEnded: others.length }));
  return { setCookies };
}

/**
 * Ends one of the user's sessions. Ending the current one signs this browser out: the answer
 * then carries the cookies that clear it.
 */
export async function endSession(
  actor: AccountActor,
  sessionId: string,
): Promise<{ signedOut: false } | ({ signedOut: true } & SessionCookies)> {
  if (sessionId === actor.sessionId) {
    await recordSecurityEvent(actor.db, event(actor, "session_terminated", "Session actuelle terminée", { sessionId, current: true }));
    await recordLogout(actor.db, sessionId, "terminated_by_user");
    const { headers } = await actor.auth.api.signOut({ headers: actor.headers, returnHeaders: true });
    return { signedOut: true, setCookies: headers.getSetCookie() };
  }
  // Only one of the user's own sessions can be found here: the id alone is not enough.
  const token = await findOwnSessionToken(actor.db, actor.userId, sessionId);
  if (!token) throw notFound("session_not_found", SECURITY_FAILURE_MESSAGES.endSession);
  await actor.auth.api.revokeSession({ body: { token }, headers: actor.headers });
  await recordLogout(actor.db, sessionId, "terminated_by_user");
  await recordSecurityEvent(actor.db, event(actor, "session_terminated", ACCOUNT_MESSAGES.sessionEnded, { sessionId }));
  return { signedOut: false };
}

/** Ends every session of the user but the current one. */
export async function endOtherSessions(actor: AccountActor): Promise<void> {
  const others = await listOtherSessionIds(actor.db, actor.userId, actor.sessionId);
  await actor.auth.api.revokeOtherSessions({ headers: actor.headers });
  for (const id of others) await recordLogout(actor.db, id, "terminated_by_user");
  await recordSecurityEvent(
    actor.db,
    event(actor, "all_sessions_terminated", "Toutes les autres sessions terminées", { count: others.length }),
  );
}

/**
 * First step of switching two-factor sign-in on: creates (or replaces) an unverified secret, so
 * sign-in needs no code until one is verified. The QR code is drawn here, never by a third-party
 * image service: the secret stays between the shop and the user.
 */
export async function setUpTwoFactor(actor: AccountActor, password: string): Promise<TwoFactorSetup> {
  if (actor.twoFactorEnabled) throw conflict("two_factor_enabled", SECURITY_FAILURE_MESSAGES.setUpTwoFactor);
  let result: Awaited<ReturnType<Auth["api"]["enableTwoFactor"]>>;
  try {
    result = await actor.auth.api.enableTwoFactor({ body: { password }, headers: actor.headers });
  } catch (error) {
    refusalOf(error, { INVALID_PASSWORD: wrongCurrentPassword() });
  }
  if (!("totpURI" in result) || !result.totpURI) throw new Error("The auth library returned no TOTP URI");
  const secret = new URL(result.totpURI).searchParams.get("secret") ?? "";
  const qrSvg = await QRCode.toString(result.totpURI, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { qrSvg, secret, backupCodes: result.backupCodes ?? [] };
}

/** The first valid code switches two-factor sign-in on (and the library replaces the session). */
export async function confirmTwoFactor(actor: AccountActor, code: string): Promise<SessionCookies> {
  if (actor.twoFactorEnabled) throw conflict("two_factor_enabled", SECURITY_FAILURE_MESSAGES.confirmTwoFactor);
  let headers: Headers;
  try {
    ({ headers } = await actor.auth.api.verifyTOTP({ body: { code }, headers: actor.headers, returnHeaders: true }));
  } catch (error) {
    refusalOf(error, {
      INVALID_CODE: wrongTwoFactorCode(),
      // A code sent before the setup step created a secret: nothing to verify yet.
      TOTP_NOT_ENABLED: conflict("two_factor_not_set_up", TWO_FACTOR_SETUP_FIRST_MESSAGE),
    });
  }
  const setCookies = headers.getSetCookie();
  await followReplacedSession(actor, setCookies);
  await recordSecurityEvent(actor.db, event(actor, "2fa_enabled", "Authentification à deux facteurs activée"));
  return { setCookies };
}

/**
 * Switches two-factor sign-in off. A valid current code comes first: a stolen password alone
 * cannot switch the second factor off.
 */
export async function disableTwoFactor(actor: AccountActor, input: { code: string; password: string }): Promise<SessionCookies> {
  if (!actor.twoFactorEnabled) throw conflict("two_factor_disabled", SECURITY_FAILURE_MESSAGES.disableTwoFactor);
  try {
    await actor.auth.api.verifyTOTP({ body: { code: input.code }, headers: actor.headers });
  } catch (error) {
    refusalOf(error, { INVALID_CODE: wrongTwoFactorCode() });
  }
  let headers: Headers;
  try {
    ({ headers } = await actor.auth.api.disableTwoFactor({
      body: { password: input.password },
      headers: actor.headers,
      returnHeaders: true,
    }));
  } catch (error) {
    refusalOf(error, { INVALID_PASSWORD: wrongCurrentPassword() });
  }
  const setCookies = headers.getSetCookie();
  await followReplacedSession(actor, setCookies);
  await recordSecurityEvent(actor.db, event(actor, "2fa_disabled", "Authentification à deux facteurs désactivée"));
  return { setCookies };
}

/**
 * Before the account is erased (app/.server/workflows/erase-account.ts): its password confirmed,
 * then signed out, while the session row still exists for the library to clear the cookie.
 */
export async function confirmPasswordAndSignOut(actor: AccountActor, password: string): Promise<SessionCookies> {
  try {
    await actor.auth.api.verifyPassword({ body: { password }, headers: actor.headers });
  } catch (error) {
    refusalOf(error, { INVALID_PASSWORD: invalid("wrong_password", WRONG_PASSWORD_MESSAGE, { field: "password" }) });
  }
  const { headers } = await actor.auth.api.signOut({ headers: actor.headers, returnHeaders: true });
  return { setCookies: headers.getSetCookie() };
}
