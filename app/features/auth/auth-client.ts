/**
 * Browser-side calls to the auth endpoints under /api/auth. Same-origin JSON requests (the server
 * refuses foreign origins); the session lives in HttpOnly cookies the browser keeps by itself.
 * Every failure comes back as a French message: the library's English texts are never shown.
 */
import { EMAIL_VERIFIED_CALLBACK, authErrorMessage } from "~/domain/auth/auth.rules";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

export const NETWORK_ERROR_MESSAGE = ACCOUNT_MESSAGES.networkErrorCheckConnectionTry;

/** A refusal's French message and, for a rate limit, the wait the server asked for (the page words it, decision 044). */
export type AuthResult = { ok: true; twoFactor?: boolean } | { ok: false; message: string; retryAfterSeconds?: number };

export type SignUpRequest = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  birthDate?: string;
  refuseCommercialEmails: boolean;
  newsletter: boolean;
};

/** A refusal of the auth endpoints: the French message, the library's code and, for a rate limit, the wait asked for. */
export type AuthRefusal = { ok: false; message: string; code?: string; retryAfterSeconds?: number };

/** One same-origin JSON POST to the auth endpoints: the answer's body, or its French refusal. */
export async function callAuth(
  path: string,
  body: Record<string, unknown>,
): Promise<{ ok: true; payload: Record<string, unknown> } | AuthRefusal> {
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, message: NETWORK_ERROR_MESSAGE };
  }
  const payload = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok) return { ok: true, payload: payload ?? {} };
  const code = typeof payload?.code === "string" ? payload.code : undefined;
  const retryAfter = Number(response.headers.get("Retry-After"));
  const message = authErrorMessage(code, response.status, retryAfter);
  const limited = response.status === 429 || code === "TOO_MANY_REQUESTS" || code === "TOO_MANY_ATTEMPTS" || code === "ACCOUNT_LOCKED";
  return { ok: false, message, ...(code ? { code } : {}), ...(limited && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}) };
}

async function postAuth(path: string, body: Record<string, unknown>): Promise<AuthResult> {
  const answer = await callAuth(path, body);
  if (!answer.ok) {
    const { message, retryAfterSeconds } = answer;
    return retryAfterSeconds ? { ok: false, message, retryAfterSeconds } : { ok: false, message };
  }
  // With two-factor on, the password step answers 200 and asks for the second factor.
  if (answer.payload.twoFactorRedirect === true) return { ok: true, twoFactor: true };
  return { ok: true };
}

export function signIn(input: { email: string; password: string }): Promise<AuthResult> {
  return postAuth("/sign-in/email", { email: input.email, password: input.password });
}

/** The server builds the profile from firstName/lastName; `name` is the auth user's display name. */
export function signUp(input: SignUpRequest): Promise<AuthResult> {
  const lastName = input.lastName.trim();
  return postAuth("/sign-up/email", {
    email: input.email,
    password: input.password,
    name: [input.firstName.trim(), lastName].filter(Boolean).join(" "),
    firstName: input.firstName.trim(),
    lastName,
    ...(input.birthDate ? { birthDate: input.birthDate } : {}),
    refuseCommercialEmails: input.refuseCommercialEmails,
    newsletter: input.newsletter,
    // The verification link of the welcome mail leads back to the account.
    callbackURL: EMAIL_VERIFIED_CALLBACK,
  });
}

/** "Mot de passe oublié ?": the same answer whether an account has this address or not. */
export async function requestPasswordReset(email: string): Promise<{ ok: boolean; message: string }> {
  try {
    const response = await fetch("/mot-de-passe-oublie", {
      method: "POST",
      credentials: "same-origin",
      headers: { Accept: "application/json" },
      body: new URLSearchParams({ email }),
    });
    const payload = (await response.json().catch(() => null)) as { ok?: unknown; message?: unknown } | null;
    const message = typeof payload?.message === "string" ? payload.message : authErrorMessage(undefined, response.status);
    return { ok: response.ok && payload?.ok === true, message };
  } catch {
    return { ok: false, message: NETWORK_ERROR_MESSAGE };
  }
}

export function signOut(): Promise<AuthResult> {
  return postAuth("/sign-out", {});
}

export function verifyTotp(code: string): Promise<AuthResult> {
  return postAuth("/two-factor/verify-totp", { code: code.trim() });
}

export function verifyBackupCode(code: string): Promise<AuthResult> {
  return postAuth("/two-factor/verify-backup-code", { code: code.trim() });
}
