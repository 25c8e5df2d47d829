/**
 * The one rule for text that comes from a user (form fields, JSON strings, query values, path
 * segments): it must be text a person could have typed. Refused: the NUL character (PostgreSQL
 * cannot store it and fails the whole query), lone UTF-16 surrogates (not text: they would be
 * stored as U+FFFD), the other C0 control characters except tab, line feed and carriage return,
 * and the noncharacters U+FFFE and U+FFFF. That is XML 1.0's "Char" production, a well-known
 * definition of characters that may appear in a document.
 *
 * Isomorphic: the browser's forms and the server's schemas, readers and loaders use the same rule.
 * No zod here: storefront pages check text with it on first load (the zod field is in safe-text.ts).
 */

export const UNSAFE_TEXT_MESSAGE = "Ce champ contient des caractères non autorisés.";

// A lone high surrogate (not followed by a low one) or a lone low surrogate (not preceded by a
// high one), a C0 control other than \t \n \r, or U+FFFE / U+FFFF.
const UNSAFE_TEXT =
  // eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isSafeText(value: string): boolean {
  return !UNSAFE_TEXT.test(value);
}

const UNSAFE_TEXT_ALL = new RegExp(UNSAFE_TEXT.source, "g");

/** The value without what the rule refuses: text stored before the rule, written where only XML 1.0 characters may go. */
export function withoutUnsafeText(value: string): string {
  return value.replace(UNSAFE_TEXT_ALL, "");
}

/** The value when it is a string that obeys the rule, else undefined (an optional value is then absent). */
export function safeTextOrUndefined(value: unknown): string | undefined {
  return typeof value === "string" && isSafeText(value) ? value : undefined;
}

/** Whether every string inside a parsed JSON value (keys included) obeys the rule. */
export function isSafeJsonValue(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return isSafeText(value);
  if (value === null || typeof value !== "object") return true;
  // JSON.parse cannot build deeper values than the engine's stack allows; stop long before.
  if (depth > 256) return false;
  if (Array.isArray(value)) return value.every((v) => isSafeJsonValue(v, depth + 1));
  return Object.entries(value).every(([k, v]) => isSafeText(k) && isSafeJsonValue(v, depth + 1));
}
