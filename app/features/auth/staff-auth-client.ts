/**
 * The back-office team's calls to the auth endpoints (decision 066): two-factor enrolment and the
 * sign-in's code step with the library's refusal code. Apart from auth-client.ts, which the
 * storefront's header loads on every page, so the shop's first load does not carry them.
 */
import { callAuth, type AuthRefusal, type AuthResult } from "./auth-client";

/** An answer whose body the caller needs, or the auth endpoints' refusal with the library's code. */
export type AuthDataResult<T> = { ok: true; data: T } | AuthRefusal;

async function postAuthFor<T>(path: string, body: Record<string, unknown>): Promise<AuthDataResult<T>> {
  const answer = await callAuth(path, body);
  return answer.ok ? { ok: true, data: answer.payload as T } : answer;
}

/**
 * First step of switching two-factor on (the back-office's enrolment): the password confirms it,
 * and the authenticator's otpauth:// address and the recovery codes come back, to show once.
 * Two-factor is on only once a code from the app is verified (verifyTotp).
 */
export function enableTwoFactor(password: string): Promise<AuthDataResult<{ totpURI: string; backupCodes: string[] }>> {
  return postAuthFor("/two-factor/enable", { password });
}

/**
 * The code step of a sign-in (the app's code or a recovery code). `challengeEnded`: the
 * password step's challenge expired or used up its codes, so the password must be given again.
 */
export async function verifySignInCode(factor: "totp" | "backup", code: string): Promise<AuthResult & { challengeEnded?: boolean }> {
  const answer = await postAuthFor(factor === "totp" ? "/two-factor/verify-totp" : "/two-factor/verify-backup-code", { code: code.trim() });
  if (answer.ok) return { ok: true };
  const challengeEnded = answer.code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" || answer.code === "INVALID_TWO_FACTOR_COOKIE";
  return {
    ok: false,
    message: answer.message,
    ...(answer.retryAfterSeconds ? { retryAfterSeconds: answer.retryAfterSeconds } : {}),
    ...(challengeEnded ? { challengeEnded } : {}),
  };
}
