import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { verification } from "../../db/schema";
import { CLIENT_INVITATION_LINK_DAYS } from "~/lib/shop-rules";

/**
 * "Définissez votre mot de passe" links for accounts created without a password (Nouveau
 * Client in the back-office). The token is stored the way better-auth stores its own reset
 * tokens (verification row `reset-password:<token>`, value = user id), so the page sets the
 * password through the library's resetPassword: one use, hashed password, credential created.
 */
function identifierOf(token: string): string {
  return `reset-password:${token}`;
}

/** Writes a one-time token valid 7 days (in the caller's transaction) and returns the link. */
export async function createPasswordSetupLink(tx: Executor, input: { userId: string; publicUrl: string; now?: Date }): Promise<string> {
  const now = input.now ?? new Date();
  const token = randomBytes(24).toString("base64url");
  await tx.insert(verification).values({
    id: randomBytes(24).toString("base64url"),
    identifier: identifierOf(token),
    value: input.userId,
    expiresAt: new Date(now.getTime() + CLIENT_INVITATION_LINK_DAYS * 24 * 60 * 60 * 1000),
    createdAt: now,
    updatedAt: now,
  });
  return `${input.publicUrl}/definir-mot-de-passe?token=${encodeURIComponent(token)}`;
}

/** Whether a link still works (the page says so before asking for a password). */
export async function isPasswordSetupLinkValid(db: Executor, token: string, now = new Date()): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const [row] = await db
    .select({ expiresAt: verification.expiresAt })
    .from(verification)
    .where(eq(verification.identifier, identifierOf(token)))
    .limit(1);
  return Boolean(row && row.expiresAt > now);
}
