import { CLIENT_IP_HEADER } from "./auth/auth.server";
import { GIFT_CARD_CHECKS_PER_MINUTE } from "~/lib/shop-rules";
import { remember } from "~/lib/remember";

/**
 * In-memory sliding-window rate limiter for one server process (the gift card balance check
 * and the checkout's gift card field, against guessing codes). Each key keeps the times of its
 * recent hits; a hit is allowed while fewer than `limit` fall within the last `windowMs`.
 * Several processes behind one database would each allow `limit`: the codes' 80 random bits
 * keep guessing hopeless either way; this limit stops cheap enumeration and load.
 */
export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type RateLimiter = {
  /** Counts a hit for this key, unless the key is already at its limit (then refused). */
  hit(key: string, now?: number): RateLimitResult;
  /** True while the key is at its limit (counts nothing). */
  isLimited(key: string, now?: number): boolean;
  reset(): void;
};

export function createSlidingWindowLimiter(options: { limit: number; windowMs: number; maxKeys?: number }): RateLimiter {
  const { limit, windowMs } = options;
  const maxKeys = options.maxKeys ?? 10_000;
  const hits = new Map<string, number[]>();
  return {
    hit(key, now = Date.now()) {
      const since = now - windowMs;
      const recent = (hits.get(key) ?? []).filter((t) => t > since);
      if (recent.length >= limit) {
        hits.set(key, recent);
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((recent[0] + windowMs - now) / 1000)) };
      }
      recent.push(now);
      // Re-inserting keeps the Map in least-recently-hit order: the oldest key goes first.
      hits.delete(key);
      hits.set(key, recent);
      if (hits.size > maxKeys) hits.delete(hits.keys().next().value as string);
      return { allowed: true };
    },
    isLimited(key, now = Date.now()) {
      const since = now - windowMs;
      return (hits.get(key) ?? []).filter((t) => t > since).length >= limit;
    },
    reset() {
      hits.clear();
    },
  };
}

/* -------------------------------------------------------------------------------------------- */
/* Named limits, one limiter each per process                                                     */
/* -------------------------------------------------------------------------------------------- */

export const TOO_MANY_REQUESTS_MESSAGE = "Trop de demandes en peu de temps. Veuillez réessayer dans quelques minutes.";

/**
 * Forms a visitor can submit without limit otherwise, each of which sends an e-mail or opens a
 * ticket: contact messages and newsletter subscriptions per client IP, support tickets per account.
 * Generous for a person, a wall for a script filling the outbox. And gift card code checks per
 * client IP, against guessing (the balance page and the checkout's field).
 */
export const FORM_LIMITS = {
  contact: { limit: 10, windowMs: 10 * 60_000 },
  newsletter: { limit: 10, windowMs: 10 * 60_000 },
  restockAlert: { limit: 10, windowMs: 10 * 60_000 },
  supportTicket: { limit: 10, windowMs: 10 * 60_000 },
  giftCardCheck: { limit: GIFT_CARD_CHECKS_PER_MINUTE, windowMs: 60_000 },
} as const satisfies Record<string, { limit: number; windowMs: number }>;

export type FormLimitName = keyof typeof FORM_LIMITS;

/** The process's limiter for this name (remembered so a module reload shares it). */
export function namedLimiter(name: FormLimitName): RateLimiter {
  return remember(`form-limiter:${name}`, () => createSlidingWindowLimiter(FORM_LIMITS[name]));
}

/** The key of a request: the client IP the Node server set (never a client-sent header), or the account's when one is given. */
export function requestKey(request: Request, userId?: string | null): string {
  return userId ? `user:${userId}` : `ip:${request.headers.get(CLIENT_IP_HEADER) || "unknown"}`;
}

/** Counts one submission of this form for this client; the answer says whether to go on. */
export function hitFormLimit(name: FormLimitName, key: string, now = Date.now()): RateLimitResult {
  return namedLimiter(name).hit(key, now);
}
