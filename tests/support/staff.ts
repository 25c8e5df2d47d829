/**
 * Staff members for journeys (decision 066): an account made staff straight in a private shop's
 * database, and its first sign-in, which enrols two-factor as the back-office demands.
 */
import { eq } from "drizzle-orm";
import type { Executor } from "../../app/.server/db/client";
import { staffMembers, user } from "../../app/.server/db/schema";
import { enrolTotp, rememberTotpSecret, signInCookie, totpSecretOf } from "./http-session";

/** Makes a user a staff member with `roleKey` (owner by default). */
export async function makeStaff(db: Executor, userId: string, roleKey = "owner"): Promise<void> {
  await db.update(user).set({ role: "admin" }).where(eq(user.id, userId));
  await db
    .insert(staffMembers)
    .values({ userId, roleKey })
    .onConflictDoUpdate({ target: staffMembers.userId, set: { roleKey, status: "active" } });
}

/**
 * A staff member's session: the first time, signs in with the password and enrols two-factor
 * (remembering the secret for later sign-ins); afterwards, password and code.
 */
export async function staffCookie(baseURL: string, email: string, password: string): Promise<string> {
  if (totpSecretOf(email)) return signInCookie(baseURL, email, password);
  const first = await signInCookie(baseURL, email, password);
  const { secret, cookie } = await enrolTotp(baseURL, first, password);
  rememberTotpSecret(email, secret);
  return cookie;
}
