/**
 * Turns what a shopper typed into safe search inputs. Only letters and digits survive, so the
 * text can never change the shape of a tsquery; it is still sent as a bound parameter.
 */
const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;

export function searchTerms(input: string): string[] {
  return input
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, MAX_TERMS)
    .map((w) => w.slice(0, MAX_TERM_LENGTH));
}

/** "crème hydra" -> "crème & hydra:*": every word required, the last one may be a prefix. */
export function toTsQueryText(terms: string[]): string | null {
  if (terms.length === 0) return null;
  return terms.map((t, i) => (i === terms.length - 1 ? `${t}:*` : t)).join(" & ");
}
