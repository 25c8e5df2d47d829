import { and, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { loginHistory } from "../../db/schema";
import { parseUserAgent } from "./user-agent";
import { createReadMemo } from "../../read-memo";

export const LOGIN_HISTORY_LIMIT = 20;

export type LoginAttempt = {
  userId: string | null;
  sessionId?: string | null;
  successful: boolean;
  ipAddress?: string | null;
  userAgent?: string | null;
};

/** One row per sign-in attempt, successful or not. City and country stay unknown: no IP lookup. */
export async function recordLogin(db: Executor, attempt: LoginAttempt): Promise<void> {
  const device = parseUserAgent(attempt.userAgent);
  await db.insert(loginHistory).values({
    userId: attempt.userId,
    sessionId: attempt.sessionId ?? null,
    loginSuccessful: attempt.successful,
    deviceType: device.deviceType,
    browser: device.browser,
    os: device.os,
    ipAddress: attempt.ipAddress ?? null,
  });
}

export async function listLoginHistory(db: Executor, userId: string) {
  return db
    .select()
    .from(loginHistory)
    .where(eq(loginHistory.userId, userId))
    .orderBy(desc(loginHistory.createdAt))
    .limit(LOGIN_HISTORY_LIMIT);
}

/** Marks a session's history row as ended (sign-out or revocation). */
export async function recordLogout(db: Executor, sessionId: string, reason: "manual_logout" | "terminated_by_user"): Promise<void> {
  await db
    .update(loginHistory)
    .set({ logoutAt: sql`now()`, sessionDuration: reason })
    .where(and(eq(loginHistory.sessionId, sessionId), sql`${loginHistory.logoutAt} IS NULL`));
}

/**
 * When the user last signed in before the current session (the back-office header's
 * 'Dernière connexion'); the current session's own sign-in when there is no earlier one.
 */
export async function getLastLoginAt(db: Executor, userId: string, currentSessionId: string): Promise<Date | null> {
  // Fixed for the life of a session, and read on every back-office page load: a read memo keeps it
  // (forgotten with the others on each write request and each "sessions" announcement).
  const at = await lastLoginMemo.get(
    `${userId}:${currentSessionId}`,
    async () => (await readLastLoginAt(db, userId, currentSessionId)) ?? undefined,
  );
  return at ?? null;
}

const lastLoginMemo = createReadMemo<Date | undefined>({ ttlMs: 10 * 60_000, maxEntries: 1_000 });

async function readLastLoginAt(db: Executor, userId: string, currentSessionId: string): Promise<Date | null> {
  const rows = await db
    .select({ at: loginHistory.createdAt, sessionId: loginHistory.sessionId })
    .from(loginHistory)
    .where(and(eq(loginHistory.userId, userId), eq(loginHistory.loginSuccessful, true)))
    .orderBy(desc(loginHistory.createdAt))
    .limit(2);
  const earlier = rows.find((r) => r.sessionId !== currentSessionId);
  return (earlier ?? rows[0])?.at ?? null;
}
