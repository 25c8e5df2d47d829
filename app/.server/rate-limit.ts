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
