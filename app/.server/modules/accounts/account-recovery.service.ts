/**
 * Getting back into an account and keeping its address right (decision 042): "Mot de passe
 * oublié" (a single-use link valid one hour, the same answer whether the address has an account
 * or not, limited per client IP and per address), the new password chosen from that link (every
 * session ends), "Renvoyer le lien" of the address verification, and a change of address that
 * the NEW address confirms while the old one gets a notice.
 *
 * The tokens, their expiry and single use are the auth library's; the mails go through the
 * outbox (auth.server.ts queues the link mails; the notice is queued here), in the transaction
 * of the library's call (runAuthInTransaction): a reset token exists exactly when its mail is
 * queued, and a mail that cannot be queued is an error the shopper sees, never a silent "sent".
 */
import { isAPIError } from "better-auth/api";
import { and, eq, ne } from "drizzle-orm";
import type { Database, Executor } from "../../db/client";
import type { Auth } from "../../auth/auth.server";
import { user, verification } from "../../db/schema";
import { hitFormLimit, TOO_MANY_REQUESTS_MESSAGE } from "../../limits/form-limits";
import { enqueueMail } from "../../outbox/outbox.service";
import { renderMail } from "../../mail/templates";
import { log } from "../../logger";
import { runAuthInTransaction } from "../../auth/auth-transaction";
import { conflict, DomainError, invalid } from "~/domain/errors";
import {
  EMAIL_ALREADY_VERIFIED_MESSAGE,
  EMAIL_IN_USE_MESSAGE,
  EMAIL_SAME_MESSAGE,
  EMAIL_VERIFIED_CALLBACK,
  RESET_LINK_INVALID_MESSAGE,
} from "~/domain/auth/account-recovery.schema";
import { firstNameOfUser, mailLanguageOf } from "~/.server/db/recipients";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

const rateLimited = (retryAfterSeconds: number) =>
  new DomainError("rate_limited", "too_many_requests", TOO_MANY_REQUESTS_MESSAGE, { details: { retryAfterSeconds } });

/**
 * Sends the reset link when the address has an account. The caller answers the same either way:
 * only the per-IP limit is visible (it says nothing about the address); past the per-address
 * limit nothing more is sent, silently.
 */
export async function requestPasswordReset(db: Database, auth: Auth, input: { email: string; clientKey: string }): Promise<void> {
  const byClient = await hitFormLimit(db, "passwordResetIp", input.clientKey);
  if (!byClient.allowed) throw rateLimited(byClient.retryAfterSeconds);
  const byAddress = await hitFormLimit(db, "passwordResetEmail", input.email);
  if (!byAddress.allowed) {
    log.warn({ limit: "passwordResetEmail" }, "password reset: address at its limit, nothing sent");
    return;
  }
  // The library answers the same for an unknown address and sends nothing then.
  await runAuthInTransaction(db, auth, () => auth.api.requestPasswordReset({ body: { email: input.email } }));
}

function resetIdentifier(token: string): string {
  return `reset-password:${token}`;
}

/** Whether a reset link still works (not expired, not used): the page says so before asking. */
export async function isResetLinkValid(db: Executor, token: string, now = new Date()): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const [row] = await db
    .select({ expiresAt: verification.expiresAt })
    .from(verification)
    .where(eq(verification.identifier, resetIdentifier(token)))
    .limit(1);
  return Boolean(row && row.expiresAt > now);
}

/** Sets the new password from a reset link; the library ends every session of the account. */
export async function resetPasswordWithLink(auth: Auth, input: { token: string; newPassword: string }): Promise<void> {
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.newPassword } });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    // The shop's input rules (the password policy) answer in French already; anything else is the link.
    const body = error.body as { code?: string; message?: string } | undefined;
    if (body?.code === "INVALID_INPUT" && body.message) throw invalid("password_policy", body.message, { field: "newPassword" });
    throw invalid("reset_link_invalid", RESET_LINK_INVALID_MESSAGE, { field: "token" });
  }
}

/** "Renvoyer le lien": a new verification link to the account's (unverified) address. */
export async function resendVerificationEmail(db: Database, auth: Auth, input: { userId: string }): Promise<void> {
  const [account] = await db.select({ email: user.email, verified: user.emailVerified }).from(user).where(eq(user.id, input.userId));
  if (!account) throw invalid("account_not_found", ACCOUNT_MESSAGES.accountNotFound);
  if (account.verified) throw conflict("email_already_verified", EMAIL_ALREADY_VERIFIED_MESSAGE);
  const allowed = await hitFormLimit(db, "emailVerificationResend", `user:${input.userId}`);
  if (!allowed.allowed) throw rateLimited(allowed.retryAfterSeconds);
  await runAuthInTransaction(db, auth, () =>
    auth.api.sendVerificationEmail({ body: { email: account.email, callbackURL: EMAIL_VERIFIED_CALLBACK } }),
  );
}

/**
 * Asks for a new address: refused in French when another account uses it; otherwise the library
 * sends the confirmation link to the new address and the old one gets a notice. The address
 * changes only when the link is opened.
 */
export async function requestEmailChange(
  db: Database,
  auth: Auth,
  input: { userId: string; headers: Headers; newEmail: string },
): Promise<void> {
  const [account] = await db.select({ email: user.email }).from(user).where(eq(user.id, input.userId));
  if (!account) throw invalid("account_not_found", ACCOUNT_MESSAGES.accountNotFound);
  if (account.email === input.newEmail) throw invalid("email_same", EMAIL_SAME_MESSAGE, { field: "newEmail" });
  const [taken] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.email, input.newEmail), ne(user.id, input.userId)))
    .limit(1);
  if (taken) throw conflict("email_in_use", EMAIL_IN_USE_MESSAGE, { field: "newEmail" });
  const allowed = await hitFormLimit(db, "emailChange", `user:${input.userId}`);
  if (!allowed.allowed) throw rateLimited(allowed.retryAfterSeconds);
  // The link to the new address and the notice to the old one are queued together or not at all.
  await runAuthInTransaction(db, auth, async (tx) => {
    await auth.api.changeEmail({ body: { newEmail: input.newEmail, callbackURL: EMAIL_VERIFIED_CALLBACK }, headers: input.headers });
    const notice = await renderMail(
      "email-change-notice",
      { firstName: await firstNameOfUser(tx, input.userId), newEmail: input.newEmail },
      { language: await mailLanguageOf(tx, input.userId) },
    );
    await enqueueMail(tx, { to: account.email, ...notice });
  });
}
