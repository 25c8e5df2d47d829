/**
 * Limits on guessing secrets, kept in PostgreSQL so they hold for every server process
 * (decision 022). Two families:
 *
 * - Sign-in: failures are counted per account AND address, per address, and per account.
 *   An account and address pair gets a few free failures, then each further attempt must wait a
 *   delay that doubles up to a cap; an address with too many failures is refused for a while; an
 *   account with very many failures (a distributed attack) only accepts addresses it has signed
 *   in from before. The owner signing in from elsewhere is never locked out by someone else's
 *   guesses.
 * - The sign-in's code step (a right password, then the authenticator's or a recovery code,
 *   before any session): the same counters and delays, with a pair counter of its own that
 *   allows more free failures (SECOND_FACTOR_FREE_FAILURES), since a mistyped code is common.
 * - Secret checks of a signed-in user (current password, two-factor codes): a fixed number of
 *   failures per account and per address within a window.
 *
 * Counters live in the `rate_limit` table (key, count, last_request in ms), under keys of our
 * own prefix next to the auth library's `ip|path` keys. A counter is forgotten once `window`
 * has passed since its last counted attempt. An attempt is counted BEFORE the secret is checked
 * (rows locked, so parallel attempts cannot all slip through on an old count) and handed back
 * when it turns out right.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database, Executor } from "../db/client";
import { loginHistory, rateLimit } from "../db/schema";

export type SignInLimits = {
  /** Failures of one account from one address before delays start. */
  freeFailures: number;
  /** The first delay; each further failure doubles it. */
  firstDelaySeconds: number;
  /** The delay never grows past this: at most one guess per this long per account and address. */
  maxDelaySeconds: number;
  /** Failures from one address (any accounts, unknown e-mails included) within the window. */
  ipMaxFailures: number;
  /** Failures of one account from every address within the window, before only known addresses may try. */
  accountMaxFailures: number;
  /** Failures are forgotten once this long has passed without a new one. */
  windowSeconds: number;
};

/**
 * Wrong codes one account may get from one address at the sign-in's code step before each
 * further code waits the sign-in's doubling delay: the sixth attempt is the first to wait. The
 * auth library's own account lockout is off (auth.server.ts): it locked the owner out everywhere.
 */
export const SECOND_FACTOR_FREE_FAILURES = 5;

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  freeFailures: 3,
  firstDelaySeconds: 1,
  maxDelaySeconds: 900,
  ipMaxFailures: 50,
  accountMaxFailures: 100,
  windowSeconds: 3600,
};

export type SecretCheckLimits = {
  /** Wrong passwords or codes per account, and per address, within the window. */
  maxFailures: number;
  windowSeconds: number;
};

export const DEFAULT_SECRET_CHECK_LIMITS: SecretCheckLimits = { maxFailures: 10, windowSeconds: 600 };

/** A counter as read: failures counted and when the last one was (ms since the epoch). */
export type Counter = { count: number; last: number };

export type LimitDecision =
  { allowed: true } | { allowed: false; retryAfterSeconds: number; reason: "account-address" | "address" | "account" };

const EMPTY: Counter = { count: 0, last: 0 };

function live(counter: Counter | undefined, now: number, windowSeconds: number): Counter {
  if (!counter || counter.count <= 0 || now - counter.last > windowSeconds * 1000) return EMPTY;
  return counter;
}

function secondsUntil(at: number, now: number): number {
  return Math.max(1, Math.ceil((at - now) / 1000));
}

/** The wait imposed after `failures` failures of one account from one address (0 while free). */
export function progressiveDelayMs(failures: number, limits: SignInLimits): number {
  if (failures < limits.freeFailures) return 0;
  const doubled = limits.firstDelaySeconds * 2 ** (failures - limits.freeFailures);
  return Math.min(doubled, limits.maxDelaySeconds) * 1000;
}

export type SignInCounters = { accountAddress?: Counter; address?: Counter; account?: Counter };

/**
 * Whether a sign-in attempt may check its password now. `knownAddress`: the account has signed
 * in successfully from this address before (it may still try while the account is under attack).
 */
export function decideSignIn(counters: SignInCounters, knownAddress: boolean, now: number, limits: SignInLimits): LimitDecision {
  const address = live(counters.address, now, limits.windowSeconds);
  if (address.count >= limits.ipMaxFailures) {
    return { allowed: false, reason: "address", retryAfterSeconds: secondsUntil(address.last + limits.windowSeconds * 1000, now) };
  }
  const pair = live(counters.accountAddress, now, limits.windowSeconds);
  const delay = progressiveDelayMs(pair.count, limits);
  if (delay > 0 && now < pair.last + delay) {
    return { allowed: false, reason: "account-address", retryAfterSeconds: secondsUntil(pair.last + delay, now) };
  }
  const account = live(counters.account, now, limits.windowSeconds);
  if (account.count >= limits.accountMaxFailures && !knownAddress) {
    return { allowed: false, reason: "account", retryAfterSeconds: secondsUntil(account.last + limits.windowSeconds * 1000, now) };
  }
  return { allowed: true };
}

/** Whether a signed-in user's secret check may run now. */
export function decideSecretCheck(counters: Counter[], now: number, limits: SecretCheckLimits): LimitDecision {
  let retryAt = 0;
  for (const counter of counters) {
    const c = live(counter, now, limits.windowSeconds);
    if (c.count >= limits.maxFailures) retryAt = Math.max(retryAt, c.last + limits.windowSeconds * 1000);
  }
  return retryAt ? { allowed: false, reason: "account", retryAfterSeconds: secondsUntil(retryAt, now) } : { allowed: true };
}

/* -------------------------------------------------------------------------------------------- */
/* Counters in the database                                                                      */
/* -------------------------------------------------------------------------------------------- */

const PREFIX = "aurore:";

/** Who is attempting: the account (null when the e-mail matches none) and the client address. */
export type Attempt = { userId: string | null; ip: string | null };

function signInKeys({ userId, ip }: Attempt) {
  const address = ip || "unknown";
  return {
    address: `${PREFIX}signin:ip:${address}`,
    accountAddress: userId ? `${PREFIX}signin:account-ip:${userId}|${address}` : null,
    account: userId ? `${PREFIX}signin:account:${userId}` : null,
  };
}

/**
 * The code step's counters: its own account and address pair, and the sign-in's address and
 * account totals (a wrong code is a failed sign-in of that account from that address too).
 */
function secondFactorKeys({ userId, ip }: SecondFactorAttempt) {
  const { address, account } = signInKeys({ userId, ip });
  return { address, account, accountAddress: `${PREFIX}signin:code:account-ip:${userId}|${ip || "unknown"}` };
}

function secretCheckKeys(userId: string, ip: string | null): string[] {
  return [`${PREFIX}secret:account:${userId}`, `${PREFIX}secret:ip:${ip || "unknown"}`];
}

/**
 * Locks the counters (created when missing, in key order so two attempts never wait on each
 * other crosswise), lets `decide` look at them, and counts one more attempt on each when allowed.
 */
async function countAttemptIf(
  db: Database,
  keys: string[],
  now: number,
  windowSeconds: number,
  decide: (counters: Map<string, Counter>) => LimitDecision,
): Promise<LimitDecision> {
  const sorted = [...new Set(keys)].sort();
  return db.transaction(async (tx) => {
    await tx
      .insert(rateLimit)
      .values(sorted.map((key) => ({ id: key, key, count: 0, lastRequest: 0 })))
      .onConflictDoNothing();
    const rows = await tx
      .select({ key: rateLimit.key, count: rateLimit.count, last: rateLimit.lastRequest })
      .from(rateLimit)
      .where(inArray(rateLimit.key, sorted))
      .orderBy(rateLimit.key)
      .for("update");
    const counters = new Map(rows.map((r) => [r.key, { count: r.count, last: Number(r.last) }]));
    const decision = decide(counters);
    if (!decision.allowed) return decision;
    for (const key of sorted) {
      const current = live(counters.get(key), now, windowSeconds);
      await tx
        .update(rateLimit)
        .set({ count: current.count + 1, lastRequest: now })
        .where(sql`${rateLimit.key} = ${key}`);
    }
    return decision;
  });
}

/** Hands back attempts that turned out right: they were counted in advance. */
async function uncount(db: Executor, keys: (string | null)[]): Promise<void> {
  const present = keys.filter((k): k is string => Boolean(k));
  if (present.length === 0) return;
  await db
    .update(rateLimit)
    .set({ count: sql`greatest(${rateLimit.count} - 1, 0)` })
    .where(inArray(rateLimit.key, present));
}

/** Whether the account has ever signed in successfully from this address (login history). */
async function isKnownAddress(db: Executor, userId: string, ip: string | null): Promise<boolean> {
  if (!ip) return false;
  const [row] = await db
    .select({ id: loginHistory.id })
    .from(loginHistory)
    .where(and(eq(loginHistory.userId, userId), eq(loginHistory.ipAddress, ip), eq(loginHistory.loginSuccessful, true)))
    .limit(1);
  return Boolean(row);
}

/** Counts a sign-in attempt before its password is checked, unless the limits refuse it. */
export async function beginSignInAttempt(db: Database, attempt: Attempt, limits: SignInLimits, now = Date.now()): Promise<LimitDecision> {
  return countSignInAttempt(db, attempt, signInKeys(attempt), limits, now);
}

async function countSignInAttempt(
  db: Database,
  attempt: Attempt,
  keys: { address: string; accountAddress: string | null; account: string | null },
  limits: SignInLimits,
  now: number,
): Promise<LimitDecision> {
  const known = attempt.userId ? await isKnownAddress(db, attempt.userId, attempt.ip) : false;
  const all = [keys.address, keys.accountAddress, keys.account].filter((k): k is string => Boolean(k));
  return countAttemptIf(db, all, now, limits.windowSeconds, (counters) =>
    decideSignIn(
      {
        address: counters.get(keys.address),
        accountAddress: keys.accountAddress ? counters.get(keys.accountAddress) : undefined,
        account: keys.account ? counters.get(keys.account) : undefined,
      },
      known,
      now,
      limits,
    ),
  );
}

/**
 * The password was right. A completed sign-in clears the account and address pair's failures
 * (the owner is back); the address and account totals only lose this attempt, so signing in to
 * an account of one's own cannot wipe the failures spent on others.
 */
export async function endSignInAttempt(db: Executor, attempt: Attempt, signedIn: boolean): Promise<void> {
  const keys = signInKeys(attempt);
  if (signedIn && keys.accountAddress) await db.delete(rateLimit).where(sql`${rateLimit.key} = ${keys.accountAddress}`);
  await uncount(db, [keys.address, keys.account, signedIn ? null : keys.accountAddress]);
}

/** A sign-in completed by its second factor: the account and address pair starts afresh. */
export async function forgetSignInFailures(db: Executor, attempt: Attempt): Promise<void> {
  const { accountAddress } = signInKeys(attempt);
  if (accountAddress) await db.delete(rateLimit).where(sql`${rateLimit.key} = ${accountAddress}`);
}

/** The account whose sign-in awaits its code (read from the library's challenge), and the address. */
export type SecondFactorAttempt = { userId: string; ip: string | null };

/** The sign-in's limits as the code step applies them: more free failures, the same delays. */
export function secondFactorLimits(limits: SignInLimits): SignInLimits {
  return { ...limits, freeFailures: SECOND_FACTOR_FREE_FAILURES };
}

/**
 * Counts a code of the sign-in's second step before it is checked, unless the limits refuse it:
 * past the free failures, that account from that address waits the doubling delay; the same
 * account from another address is not slowed, and an account under attack from everywhere still
 * accepts the addresses it signed in from before (decideSignIn).
 */
export async function beginSecondFactorAttempt(
  db: Database,
  attempt: SecondFactorAttempt,
  limits: SignInLimits,
  now = Date.now(),
): Promise<LimitDecision> {
  return countSignInAttempt(db, attempt, secondFactorKeys(attempt), secondFactorLimits(limits), now);
}

/**
 * How a counted code turned out, other than wrong (a wrong code stays counted): `right` clears
 * the account and address pair's code failures (the owner is in) and hands this attempt back to
 * the totals; `unchecked` (the challenge had expired or was used up) hands it back everywhere.
 */
export async function endSecondFactorAttempt(db: Executor, attempt: SecondFactorAttempt, outcome: "right" | "unchecked"): Promise<void> {
  const keys = secondFactorKeys(attempt);
  if (outcome === "right") await db.delete(rateLimit).where(sql`${rateLimit.key} = ${keys.accountAddress}`);
  await uncount(db, [keys.address, keys.account, outcome === "unchecked" ? keys.accountAddress : null]);
}

/** Counts a signed-in user's secret check before it runs, unless too many failed recently. */
export async function beginSecretCheck(
  db: Database,
  userId: string,
  ip: string | null,
  limits: SecretCheckLimits,
  now = Date.now(),
): Promise<LimitDecision> {
  const keys = secretCheckKeys(userId, ip);
  return countAttemptIf(db, keys, now, limits.windowSeconds, (counters) =>
    decideSecretCheck(
      keys.map((k) => counters.get(k) ?? EMPTY),
      now,
      limits,
    ),
  );
}

/** The secret was right: the attempt counted in advance is handed back. */
export async function endSecretCheck(db: Executor, userId: string, ip: string | null): Promise<void> {
  await uncount(db, secretCheckKeys(userId, ip));
}
