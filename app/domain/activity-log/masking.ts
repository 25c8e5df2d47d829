/**
 * What may reach the activity log (decision 045): values are copied with their secrets masked, so
 * the log (and the domain event that feeds it) never holds a password, token, card number or
 * code's secret even when a caller passes a whole row. Isomorphic and pure: modules mask what they
 * record without importing the activity-log module (decision 024).
 */

/** Keys whose values never reach the log. */
const SECRET_KEY = /pass(word)?|secret|token|cvc|cvv|card_?number|^number$|otp|totp|backup_?codes?|hash/i;

/** A JSON-safe copy with secrets masked, dates as ISO strings, long strings cut. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (value === undefined) return null;
  if (value === null || typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value === "string") return value.length > 2000 ? `${value.slice(0, 2000)}…` : value;
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (depth > 6) return "…";
  if (Array.isArray(value)) return value.slice(0, 200).map((v) => maskSecrets(v, depth + 1));
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      out[key] = SECRET_KEY.test(key) ? "•••" : maskSecrets(v, depth + 1);
    }
    return out;
  }
  return String(value);
}

/**
 * The fields that differ between two versions of a record, as `{ before, after }` holding only
 * those fields (compared as JSON, so dates and nested values compare by value).
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(maskSecrets(before[key])) === JSON.stringify(maskSecrets(after[key]))) continue;
    b[key] = before[key] ?? null;
    a[key] = after[key] ?? null;
  }
  return { before: b, after: a };
}
