/**
 * Search text helpers shared by the catalogue's and the back-office's searches: isomorphic, no
 * database. Each search builds its own query from these.
 */

/** "Crème Éclat" -> "Creme Eclat": accents removed, letters kept. */
export function foldAccents(text: string): string {
  return text.normalize("NFD").replace(/\p{Diacritic}/gu, "");
}

/** A back-office search keeps at most this many words. */
const ADMIN_MAX_TERMS = 8;

/**
 * A reference as it was written before order numbers ("#e32c6e32", "#90E68731", "CMD-90E68731")
 * is a part of the order id, which search_text keeps: a "#" in front (new numbers too) or "CMD-" is dropped.
 */
const OLD_REFERENCE_PREFIX = /^#|^cmd-(?=[0-9a-f]{8}$)/;

/** "Dupont  PARIS" -> ["dupont", "paris"], accents folded, LIKE wildcards escaped (back-office lists). */
export function adminSearchTerms(search: string | undefined): string[] {
  return foldAccents((search ?? "").toLowerCase())
    .split(/\s+/)
    .map((t) => t.replace(OLD_REFERENCE_PREFIX, ""))
    .filter(Boolean)
    .slice(0, ADMIN_MAX_TERMS)
    .map((t) => t.replace(/[\\%_]/g, (c) => `\\${c}`));
}
