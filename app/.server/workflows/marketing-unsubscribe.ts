/**
 * One-click unsubscribe from marketing e-mails (RFC 8058, docs/decisions/069-forgotten-cart.md):
 * the signed token names the user; a valid one turns "Promotions" off without a session.
 */
import type { Executor } from "~/.server/db/client";
import { verifyUnsubscribeToken } from "~/.server/mail/unsubscribe-token";
import { marketingAccountExists, withdrawMarketingConsent } from "~/.server/modules/accounts/marketing-consent.service";

/** Whether the token is this shop's and names an account that still exists (the GET page's question). */
export async function isValidUnsubscribeToken(db: Executor, token: unknown): Promise<boolean> {
  const userId = verifyUnsubscribeToken(token);
  if (!userId) return false;
  return marketingAccountExists(db, userId);
}

/** Turns marketing e-mails off for the user the token names; false for a bad, tampered or orphaned token. */
export async function unsubscribeFromMarketing(db: Executor, token: unknown): Promise<boolean> {
  const userId = verifyUnsubscribeToken(token);
  if (!userId) return false;
  return withdrawMarketingConsent(db, userId);
}
