/**
 * One-click unsubscribe links of marketing e-mails (RFC 8058, docs/decisions/069-forgotten-cart.md):
 * a token naming the user, signed with HMAC-SHA256 under a key derived from the server's session
 * secret (SESSION_SECRET, or the one kept in DATA_DIR). Nothing is stored: a token stays valid as
 * long as the secret, which is what a link in an old mail needs; it can only ever turn marketing
 * mail off, for the user it names.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { getSessionSecret } from "../secrets";

const PURPOSE = "aurore/marketing-unsubscribe/v1";
/** Far above any real token (a user id and a 32-byte MAC): longer input is refused unread. */
const MAX_TOKEN_LENGTH = 512;

/** The unsubscribe page, whose URL the mails' List-Unsubscribe header and link carry. */
export const MARKETING_UNSUBSCRIBE_PATH = "/e-mails/desinscription";

function keyOf(secret: string): Buffer {
  return createHmac("sha256", secret).update(PURPOSE).digest();
}

function macOf(secret: string, userId: string): Buffer {
  return createHmac("sha256", keyOf(secret)).update(userId).digest();
}

export function signUnsubscribeToken(userId: string, secret: string = getSessionSecret()): string {
  return `${Buffer.from(userId, "utf8").toString("base64url")}.${macOf(secret, userId).toString("base64url")}`;
}

/** The user the token names, or null when it is malformed, truncated or not signed by this shop. */
export function verifyUnsubscribeToken(token: unknown, secret: string = getSessionSecret()): string | null {
  if (typeof token !== "string" || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split(".");
  if (parts.length !== 2 || !/^[A-Za-z0-9_-]+$/.test(parts[0]!) || !/^[A-Za-z0-9_-]+$/.test(parts[1]!)) return null;
  const userId = Buffer.from(parts[0]!, "base64url").toString("utf8");
  const given = Buffer.from(parts[1]!, "base64url");
  const expected = macOf(secret, userId);
  if (userId.length === 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return userId;
}

/** The unsubscribe page's path for this user, its token signed. */
export function unsubscribePathOf(userId: string): string {
  return `${MARKETING_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(signUnsubscribeToken(userId))}`;
}
