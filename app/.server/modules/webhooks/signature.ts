/**
 * The `Aurore-Signature` header (decision 050), verifiable as Stripe's are:
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint's secret>`.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "Aurore-Signature";

/** A new endpoint secret: 32 random bytes, prefixed so it is recognisable in a receiver's config. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("hex")}`;
}

export function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

export function signatureHeader(secret: string, body: string, now: Date = new Date()): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${signatureOf(secret, t, body)}`;
}

/** What a receiver does: parse, recompute, compare in constant time, refuse a stale timestamp. */
export function verifySignature(secret: string, header: string, body: string, toleranceSeconds = 300, now: Date = new Date()): boolean {
  const parts = new Map<string, string[]>();
  for (const item of header.split(",")) {
    const [key, value] = item.split("=", 2);
    if (!key || value === undefined) continue;
    parts.set(key.trim(), [...(parts.get(key.trim()) ?? []), value.trim()]);
  }
  const t = Number(parts.get("t")?.[0]);
  if (!Number.isInteger(t) || Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureOf(secret, t, body), "hex");
  return (parts.get("v1") ?? []).some((candidate) => {
    const given = Buffer.from(candidate, "hex");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
