import { totp } from "./totp";

/**
 * The authenticator secrets of accounts with two-factor on, by e-mail: staff must enrol
 * (decision 066), so signing a staff member in answers the code step with a code computed from
 * the secret, as their phone would.
 */
const totpSecrets = new Map<string, string>();

export function rememberTotpSecret(email: string, secret: string): void {
  totpSecrets.set(email.toLowerCase(), secret);
}

export function totpSecretOf(email: string): string | undefined {
  return totpSecrets.get(email.toLowerCase());
}

/**
 * Signs in through the auth API like a browser would and returns the Cookie header to reuse. With
 * two-factor on, the code step follows with the remembered (or given) secret's current code.
 */
export async function signInCookie(baseURL: string, email: string, password: string, totpSecret = totpSecretOf(email)): Promise<string> {
  const res = await fetch(`${baseURL}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed for ${email}: ${res.status} ${await res.text()}`);
  const body = (await res.clone().json()) as { twoFactorRedirect?: boolean };
  if (body.twoFactorRedirect !== true) return cookieHeaderFrom(res);
  if (!totpSecret) throw new Error(`sign-in of ${email} asks for a two-factor code and no secret is known`);
  const verified = await fetch(`${baseURL}/api/auth/two-factor/verify-totp`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL, cookie: cookieHeaderFrom(res) },
    body: JSON.stringify({ code: totp(totpSecret) }),
  });
  if (!verified.ok) throw new Error(`two-factor step failed for ${email}: ${verified.status} ${await verified.text()}`);
  return cookieHeaderFrom(verified);
}

/**
 * Turns two-factor on for an account signed in with `cookie` (its password confirms it) and
 * returns the authenticator secret and the new session's Cookie header.
 */
export async function enrolTotp(
  baseURL: string,
  cookie: string,
  password: string,
): Promise<{ secret: string; cookie: string; backupCodes: string[] }> {
  const enabled = await fetch(`${baseURL}/api/auth/two-factor/enable`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL, cookie },
    body: JSON.stringify({ password }),
  });
  if (!enabled.ok) throw new Error(`two-factor enable failed: ${enabled.status} ${await enabled.text()}`);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const secret = new URL(totpURI).searchParams.get("secret");
  if (!secret) throw new Error(`no secret in ${totpURI}`);
  const session = mergeCookies(cookie, cookieHeaderFrom(enabled));
  const verified = await fetch(`${baseURL}/api/auth/two-factor/verify-totp`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL, cookie: session },
    body: JSON.stringify({ code: totp(secret) }),
  });
  if (!verified.ok) throw new Error(`two-factor verify failed: ${verified.status} ${await verified.text()}`);
  return { secret, cookie: mergeCookies(session, cookieHeaderFrom(verified)), backupCodes };
}

/** A Cookie header with `update`'s pairs replacing `base`'s of the same name. */
function mergeCookies(base: string, update: string): string {
  const pairs = new Map<string, string>();
  for (const pair of [...base.split("; "), ...update.split("; ")].filter(Boolean)) pairs.set(pair.slice(0, pair.indexOf("=")), pair);
  return [...pairs.values()].join("; ");
}

export async function signUpCookie(baseURL: string, email: string, password = "Secret123!Aurore", firstName = "Client"): Promise<string> {
  const res = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL },
    body: JSON.stringify({ email, password, name: firstName, firstName }),
  });
  if (!res.ok) throw new Error(`sign-up failed for ${email}: ${res.status} ${await res.text()}`);
  return cookieHeaderFrom(res);
}

function cookieHeaderFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}
