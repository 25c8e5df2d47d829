import { sql } from "drizzle-orm";
import { rowsOf, type Executor } from "../../db/client";
import { SEARCH_MAX_LENGTH } from "~/lib/shop-rules";
import { isSafeText } from "~/lib/safe-text.rules";
import type { SearchSuggestions } from "~/domain/catalog/search-suggest.types";
import { correctSearchTerms } from "./search-lexicon.service";
import { foldAccents } from "~/lib/search-text";
import { searchTerms, toTsQueryText } from "./search-query";

/** Suggestions start at this many characters typed. */
export const SUGGEST_MIN_LENGTH = 2;
export const SUGGESTED_PRODUCTS = 6;
export const SUGGESTED_BRANDS = 3;
export const SUGGESTED_CATEGORIES = 3;
export const NO_SUGGESTIONS: SearchSuggestions = { products: [], brands: [], categories: [], corrected_query: null };

/**
 * Search as you type: products, brands and categories for what the shopper has typed so far,
 * the last word taken as a prefix ("lanc" -> Lancôme), accents folded and misspelt words
 * corrected against the search lexicon ("cremme" -> crème). Empty for fewer than 2 characters,
 * an over-long text, unsafe characters or no word at all; bad input never throws.
 */
export async function suggestSearch(db: Executor, q: string): Promise<SearchSuggestions> {
  const text = q.trim();
  if (text.length < SUGGEST_MIN_LENGTH || text.length > SEARCH_MAX_LENGTH || !isSafeText(text)) return NO_SUGGESTIONS;
  const typed = searchTerms(text);
  if (typed.length === 0) return NO_SUGGESTIONS;
  const correction = await correctSearchTerms(db, typed, { lastIsPrefix: true });
  const terms = correction?.terms ?? typed;
  const [products, links] = await Promise.all([suggestProducts(db, terms), suggestLinks(db, terms)]);
  if (products.length === 0 && links.length === 0) return NO_SUGGESTIONS;
  return {
    products,
    brands: links.filter((l) => l.kind === "brand").map(({ name, slug }) => ({ name, slug, url: `/marque/${slug}` })),
    categories: links.filter((l) => l.kind === "category").map(({ name, slug }) => ({ name, slug, url: `/category/${slug}` })),
    corrected_query: correction ? terms.join(" ") : null,
  };
}

/**
 * The best-rated matches, those in stock first. Ordered by rating, a broad prefix ("cr" is a
 * sixth of a 100k catalogue) walks the rating index and stops at the sixth match, where
 * collecting and ranking every match cost 35 ms on PGlite; a rare word is found through the
 * full-text index and sorted. Out-of-stock matches are read only when fewer than six are in stock.
 */
async function suggestProducts(db: Executor, terms: string[]): Promise<SearchSuggestions["products"]> {
  const query = sql`to_tsquery('aurore_fr', ${toTsQueryText(terms)})`;
  const select = async (inStock: boolean, limit: number) =>
    rowsOf<{ id: string; name: string; brand: string | null; price_cents: number | string; image_url: string | null }>(
      await db.execute(sql`
        SELECT p.id, p.name, p.brand, p.price_cents, p.image_url
        FROM products p
        WHERE p.search_vector @@ ${query} AND p.in_stock = ${inStock}
        ORDER BY p.rating DESC, p.review_count DESC, p.id DESC
        LIMIT ${limit}`),
    );
  const rows = await select(true, SUGGESTED_PRODUCTS);
  if (rows.length < SUGGESTED_PRODUCTS) rows.push(...(await select(false, SUGGESTED_PRODUCTS - rows.length)));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    brand: r.brand,
    price_cents: Number(r.price_cents),
    image_url: r.image_url,
    url: `/product/${r.id}`,
  }));
}

/**
 * Brands and categories with a word beginning with one of the terms ("lanc" -> Lancôme,
 * "soin" -> Soins Visage), the ones matching more terms first. Both tables are small (tens of
 * rows): folding their names on the fly costs less than keeping a folded copy.
 */
async function suggestLinks(db: Executor, terms: string[]): Promise<{ kind: "brand" | "category"; name: string; slug: string }[]> {
  // In a query of several words, two-letter ones ("de", "la") would match half the brands.
  const minLength = terms.length > 1 ? 3 : SUGGEST_MIN_LENGTH;
  const words = [...new Set(terms.map(foldAccents).filter((t) => t.length >= minLength))];
  if (words.length === 0) return [];
  const list = sql.join(
    words.map((w) => sql`${w}`),
    sql`, `,
  );
  const matches = (table: "brands" | "categories", limit: number) => sql`
    SELECT x.name, x.slug, count(*) AS hits
    FROM ${sql.identifier(table)} x
    CROSS JOIN LATERAL (SELECT ' ' || regexp_replace(lower(unaccent(x.name)), '[^a-z0-9]+', ' ', 'g') AS folded) f
    JOIN unnest(ARRAY[${list}]::text[]) AS t(w) ON strpos(f.folded, ' ' || lower(unaccent(t.w))) > 0
    GROUP BY x.id, x.name, x.slug
    ORDER BY hits DESC, x.name
    LIMIT ${limit}`;
  const res = await db.execute(sql`
    SELECT 'brand' AS kind, m.name, m.slug, m.hits FROM (${matches("brands", SUGGESTED_BRANDS)}) m
    UNION ALL
    SELECT 'category' AS kind, m.name, m.slug, m.hits FROM (${matches("categories", SUGGESTED_CATEGORIES)}) m
    ORDER BY kind, hits DESC, name`);
  return rowsOf<{ kind: "brand" | "category"; name: string; slug: string }>(res);
}
