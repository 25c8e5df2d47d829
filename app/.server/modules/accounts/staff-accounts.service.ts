/**
 * The accounts of the back-office team (decision 066): a staff member's auth user, created when an
 * invitation is accepted, and the end of their sessions when they are disabled. The staff module
 * holds the role; this module owns the auth tables.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import type { Executor } from "~/.server/db/client";
import { account, session, user } from "~/.server/db/schema";
import { createProfile } from "./profile.service";

/** The account an e-mail already has: its id and whether it is a back-office one. */
export async function accountOfEmail(db: Executor, email: string): Promise<{ id: string; isStaff: boolean } | null> {
  const [row] = await db.select({ id: user.id, role: user.role }).from(user).where(eq(user.email, email.toLowerCase()));
  return row ? { id: row.id, isStaff: row.role === "admin" } : null;
}

/**
 * Creates a staff member's account with a password, as the auth library keeps it (a `credential`
 * account with its scrypt hash). The address is verified: the invitation link was opened from it.
 */
export async function createStaffAccount(
  tx: Executor,
  input: { email: string; firstName: string; lastName: string; password: string; now?: Date },
): Promise<{ userId: string }> {
  const now = input.now ?? new Date();
  const userId = randomBytes(16).toString("base64url");
  const name = [input.firstName, input.lastName].filter(Boolean).join(" ");
  await tx.insert(user).values({
    id: userId,
    email: input.email.toLowerCase(),
    name,
    emailVerified: true,
    role: "admin",
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(account).values({
    id: randomBytes(16).toString("base64url"),
    accountId: userId,
    providerId: "credential",
    userId,
    password: await hashPassword(input.password),
    createdAt: now,
    updatedAt: now,
  });
  await createProfile(tx, { userId, firstName: input.firstName, lastName: input.lastName || null });
  return { userId };
}

/** Whether a user's account is a back-office one (staff are disabled, never deleted). */
export async function isStaffAccount(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, userId));
  return row?.role === "admin";
}

/** Ends every session of a user (a disabled staff member); returns how many there were. */
export async function endSessionsOf(tx: Executor, userId: string): Promise<number> {
  const ended = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
  return ended.length;
}
