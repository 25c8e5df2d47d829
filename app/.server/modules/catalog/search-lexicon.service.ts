import { sql } from "drizzle-orm";
import { rowsOf, type Executor } from "../../db/client";
import { foldAccents } from "~/lib/search-text";
import { toTsQueryText } from "./search-query";

/**
 * Typo tolerance through the search lexicon (drizzle/0011): the catalogue's distinct words,
 * unaccented, with a trigram index. A query word the lexicon does not know is replaced by its
 * nearest lexicon word, then the normal full-text search runs with the corrected words. A
 * lookup in a few thousand words costs about a millisecond, where a trigram scan of every
 * product's text cost hundreds at 10k products under load.
 */

/** Shorter words are too ambiguous to correct ("de", "en"). */
const MIN_CORRECTED_LENGTH = 3;
/** A typo adds or drops a letter or two; "password" is not a misspelt "pas". */
const MAX_LENGTH_CHANGE = 2;

export type TermCorrection = {
  /** The query's words with each unknown one replaced by its nearest lexicon word (unaccented). */
  terms: string[];
  /** Which positions were replaced. */
  changed: boolean[];
};

/**
 * Corrects each word of `terms` that has no exact lexicon match (nor, for the last word when
 * `lastIsPrefix`, a lexicon word it begins) to its nearest lexicon word by trigram similarity
 * (above pg_trgm's threshold, 0.3) within two letters of its length, the more common word
 * winning a tie. Null when no word changed.
 */
export async function correctSearchTerms(
  db: Executor,
  terms: string[],
  { lastIsPrefix = false }: { lastIsPrefix?: boolean } = {},
): Promise<TermCorrection | null> {
  // Short words and numbers are never corrected: no need to ask the database ("cr" typed so far).
  if (!terms.some((t) => t.length >= MIN_CORRECTED_LENGTH && /\p{L}/u.test(t))) return null;
  const list = sql.join(
    terms.map((t) => sql`${t}`),
    sql`, `,
  );
  const res = await db.execute(sql`
    SELECT t.i::int AS i,
      CASE
        WHEN length(t.w) < ${MIN_CORRECTED_LENGTH} OR t.w !~ '[a-z]' THEN NULL
        WHEN EXISTS (SELECT 1 FROM search_lexicon l WHERE l.word = t.w) THEN NULL
        WHEN t.prefix AND EXISTS (SELECT 1 FROM search_lexicon l WHERE l.word LIKE t.w || '%') THEN NULL
        ELSE (SELECT l.word FROM search_lexicon l
               WHERE l.word % t.w AND abs(length(l.word) - length(t.w)) <= ${MAX_LENGTH_CHANGE}
               ORDER BY round((l.word <-> t.w)::numeric, 2), l.documents DESC, l.word
               LIMIT 1)
      END AS correction
    FROM (
      SELECT lower(unaccent(x.w)) AS w, x.i, (${lastIsPrefix} AND x.i = ${terms.length}) AS prefix
      FROM unnest(ARRAY[${list}]::text[]) WITH ORDINALITY AS x(w, i)
      -- OFFSET 0 keeps this subquery whole: inlined, unaccent() ran again for every lexicon row.
      OFFSET 0
    ) t
    ORDER BY t.i`);
  const corrected = [...terms];
  const changed = terms.map(() => false);
  for (const row of rowsOf<{ i: number | string; correction: string | null }>(res)) {
    const index = Number(row.i) - 1;
    if (row.correction && row.correction !== foldAccents(terms[index])) {
      corrected[index] = row.correction;
      changed[index] = true;
    }
  }
  return changed.some(Boolean) ? { terms: corrected, changed } : null;
}

/**
 * The accented spelling of a lexicon word as the shop writes it ("creme" -> "crème"), read from
 * texts at hand (the found products' names, brands and tags); the word itself when none has it.
 */
export function spellingIn(word: string, texts: readonly string[]): string {
  for (const text of texts) {
    for (const token of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
      if (token.length > 0 && foldAccents(token) === word) return token;
    }
  }
  return word;
}

type Searchable = { name: string; brand: string | null; tags: string[] };

export type CorrectedSearch<R> = {
  result: R;
  /** The query actually searched, accented as the catalogue writes it ("crème hydra"). */
  correctedQuery: string;
};

/**
 * The listing's second chance: when the full-text search of `terms` found nothing, search again
 * with the corrected words. Null when the lexicon knows every word (nothing to correct).
 */
export async function searchWithCorrection<R extends { items: Searchable[] }>(
  db: Executor,
  terms: string[],
  search: (tsQueryText: string) => Promise<R>,
): Promise<CorrectedSearch<R> | null> {
  const correction = await correctSearchTerms(db, terms, { lastIsPrefix: true });
  if (!correction) return null;
  const result = await search(toTsQueryText(correction.terms)!);
  const texts = result.items.flatMap((p) => [p.name, p.brand ?? "", ...p.tags]);
  const correctedQuery = correction.terms.map((t, i) => (correction.changed[i] ? spellingIn(t, texts) : t)).join(" ");
  return { result, correctedQuery };
}
