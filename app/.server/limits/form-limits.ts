/**
 * Limits on forms a visitor can submit without limit otherwise, counted in PostgreSQL so they
 * hold for every server process together (decision 038): contact messages, newsletter
 * subscriptions, restock alerts, support tickets, and gift card code checks (against guessing).
 *
 * Each limit and client has one row in `form_limit_counters` holding the hits of the current
 * fixed window and of the window before it. A hit is allowed while the sliding estimate (the
 * previous window's hits weighted by how much of it the last `windowMs` still covers, plus the
 * current window's) stays under the limit: a client never gets more than `limit` in one fixed
 * window, nor a double burst across a window boundary. The decision and the count are ONE
 * statement (INSERT ... ON CONFLICT DO UPDATE ... WHERE), so parallel hits from any number of
 * processes cannot all slip through on an old count. Refused hits are not counted.
 */
import { log } from "../logger";
import { sql } from "drizzle-orm";
import { CLIENT_IP_HEADER } from "../auth/auth.server";
import { rowsOf, type Executor } from "../db/client";
import { formLimitCounters } from "../db/schema";
import { API_KEY_REQUESTS_PER_MINUTE, GIFT_CARD_CHECKS_PER_MINUTE } from "~/lib/shop-rules";
import { remember } from "~/lib/remember";
import { DomainError } from "~/domain/errors";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export const TOO_MANY_REQUESTS_MESSAGE = SHOP_MESSAGES.tooManyRequestsShortTime;

/** A spent limit as the refusal a page action answers: 429, with its wait (Retry-After). */
export function limitReached(
  limited: { retryAfterSeconds: number },
  message: string = TOO_MANY_REQUESTS_MESSAGE,
  code = "too_many_requests",
): DomainError {
  return new DomainError("rate_limited", code, message, { details: { retryAfterSeconds: limited.retryAfterSeconds } });
}

/**
 * Generous for a person, a wall for a script filling the outbox (each of these forms sends an
 * e-mail or opens a ticket); gift card checks per client IP against guessing codes.
 */
export const FORM_LIMITS = {
  contact: { limit: 10, windowMs: 10 * 60_000 },
  newsletter: { limit: 10, windowMs: 10 * 60_000 },
  restockAlert: { limit: 10, windowMs: 10 * 60_000 },
  supportTicket: { limit: 10, windowMs: 10 * 60_000 },
  supportReply: { limit: 30, windowMs: 10 * 60_000 },
  giftCardCheck: { limit: GIFT_CARD_CHECKS_PER_MINUTE, windowMs: 60_000 },
  // Live chat: conversations opened per client, messages per conversation (decision 047).
  chatStart: { limit: 10, windowMs: 10 * 60_000 },
  chatMessage: { limit: 20, windowMs: 60_000 },
  // "Mot de passe oublié": per client IP, and per address (no mail-bombing of one inbox).
  passwordResetIp: { limit: 10, windowMs: 10 * 60_000 },
  passwordResetEmail: { limit: 3, windowMs: 60 * 60_000 },
  // "Renvoyer le lien" and changes of address, per account.
  emailVerificationResend: { limit: 3, windowMs: 10 * 60_000 },
  emailChange: { limit: 5, windowMs: 60 * 60_000 },
  // Admin API requests per key (decision 049), counted for every server process together.
  apiKey: { limit: API_KEY_REQUESTS_PER_MINUTE, windowMs: 60_000 },
} as const satisfies Record<string, { limit: number; windowMs: number }>;

export type FormLimitName = keyof typeof FORM_LIMITS;

/** The key of a request: the client IP the Node server set (never a client-sent header), or the account's when one is given. */
export function requestKey(request: Request, userId?: string | null): string {
  return userId ? `user:${userId}` : `ip:${request.headers.get(CLIENT_IP_HEADER) || "unknown"}`;
}

type Counter = { windowStart: number; count: number; previousCount: number };

/** The sliding estimate at `now` of a counter whose current window starts at `windowStart`. */
function estimate(c: Counter, now: number, windowMs: number): number {
  return (c.previousCount * (windowMs - (now - c.windowStart))) / windowMs + c.count;
}

/** Seconds until the estimate falls under the limit again (at least 1). */
function retryAfterSeconds(c: Counter, now: number, windowMs: number, limit: number): number {
  let at: number;
  if (c.count >= limit) {
    // Past the next window's start, this window's hits decay: under the limit once enough of it has passed.
    at = c.windowStart + windowMs + Math.ceil(windowMs * (1 - limit / c.count)) + 1;
  } else {
    at = c.windowStart + windowMs - Math.floor(((limit - c.count) * windowMs) / Math.max(1, c.previousCount)) + 1;
  }
  return Math.max(1, Math.ceil((at - now) / 1000));
}

/** The counter as it stands at `now`: rolled over to the window `now` falls in. */
function rolled(c: Counter | undefined, now: number, windowMs: number): Counter {
  const windowStart = now - (now % windowMs);
  if (!c) return { windowStart, count: 0, previousCount: 0 };
  if (c.windowStart === windowStart) return c;
  return { windowStart, count: 0, previousCount: c.windowStart === windowStart - windowMs ? c.count : 0 };
}

/**
 * Counts one submission of this form for this client, unless the client is at its limit (then
 * refused, with the seconds to wait). One atomic statement.
 */
export async function hitFormLimit(db: Executor, name: FormLimitName, client: string, now = Date.now()): Promise<RateLimitResult> {
  const { limit, windowMs } = FORM_LIMITS[name];
  const key = `${name}:${client}`;
  const ws = now - (now % windowMs);
  // The row as of this hit: the current window's count and the previous window's, rolled over.
  const cur = sql`(CASE WHEN c.window_start = ${ws} THEN c.count ELSE 0 END)`;
  const prev = sql`(CASE WHEN c.window_start = ${ws} THEN c.previous_count WHEN c.window_start = ${ws - windowMs} THEN c.count ELSE 0 END)`;
  // previous * (windowMs - elapsed) / windowMs + current < limit, in integers.
  const underLimit = sql`${prev}::bigint * ${windowMs - (now - ws)} + ${cur}::bigint * ${windowMs} < ${limit * windowMs}::bigint`;
  const res = await db.execute(sql`
    WITH hit AS (
      INSERT INTO ${formLimitCounters} AS c (key, window_start, count, previous_count)
      VALUES (${key}, ${ws}, 1, 0)
      ON CONFLICT (key) DO UPDATE SET window_start = ${ws}, previous_count = ${prev}, count = ${cur} + 1
      WHERE ${underLimit}
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM hit)::int AS counted, c.window_start, c.count, c.previous_count
    FROM (SELECT 1) one LEFT JOIN ${formLimitCounters} c ON c.key = ${key}`);
  await forgetStaleCounters(db, now);
  const [row] = rowsOf<{ counted: number; window_start: string | number | null; count: number | null; previous_count: number | null }>(res);
  if (row?.counted) return { allowed: true };
  // Refused: the row locked it (this statement's snapshot may predate the latest count; close enough to say how long to wait).
  const seen =
    row?.window_start == null
      ? undefined
      : { windowStart: Number(row.window_start), count: row.count ?? 0, previousCount: row.previous_count ?? 0 };
  const counter = rolled(seen, now, windowMs);
  if (estimate(counter, now, windowMs) < limit) return { allowed: false, retryAfterSeconds: 1 };
  return { allowed: false, retryAfterSeconds: retryAfterSeconds(counter, now, windowMs, limit) };
}

/** True while the client is at this form's limit (counts nothing). */
export async function isFormLimited(db: Executor, name: FormLimitName, client: string, now = Date.now()): Promise<boolean> {
  const { limit, windowMs } = FORM_LIMITS[name];
  const [row] = await db
    .select({ windowStart: formLimitCounters.windowStart, count: formLimitCounters.count, previousCount: formLimitCounters.previousCount })
    .from(formLimitCounters)
    .where(sql`${formLimitCounters.key} = ${`${name}:${client}`}`);
  return estimate(rolled(row, now, windowMs), now, windowMs) >= limit;
}

/** Rows older than two of the longest windows count for nothing any more. */
const STALE_AFTER_MS = 2 * Math.max(...Object.values(FORM_LIMITS).map((l) => l.windowMs));
/** Each process deletes stale counters at most this often, on the next hit. */
const UPKEEP_EVERY_MS = 10 * 60_000;
const upkeep = remember("form-limit-upkeep", () => ({ last: 0 }));

/** Deletes the counters no window covers any more; a failure only delays it to the next pass. */
export async function forgetStaleCounters(db: Executor, now = Date.now(), force = false): Promise<void> {
  if (!force && now - upkeep.last < UPKEEP_EVERY_MS) return;
  upkeep.last = now;
  await db
    .delete(formLimitCounters)
    .where(sql`${formLimitCounters.windowStart} < ${now - STALE_AFTER_MS}`)
    .catch((error: unknown) => log.error({ err: error }, "limits: stale counters not deleted"));
}
