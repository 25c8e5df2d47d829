import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Executor } from "../../db/client";
import { products } from "../../db/schema";
import {
  PRICE_BAND_CENTS,
  PRICE_BAND_LABELS,
  PRICE_BANDS,
  SKIN_TYPE_LABELS,
  SKIN_TYPES,
  TOP_RATING,
  type PriceBand,
  type SkinType,
} from "~/domain/catalog/catalog.constants";
import { FACET_KEYS, type BrandRef, type CatalogueFacet, type CategoryRef, type FacetKey } from "~/domain/catalog/catalog.types";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

/**
 * Faceted filtering of the catalogue: the filters a shopper picked, as SQL on the products row
 * (whose price, stock and rating are roll-ups of the variants, decision 025), and the count of
 * every facet value in one pass over the matching products.
 */

/** What the shopper selected, resolved to ids. Within a facet any value matches; facets combine. */
export type FacetSelection = {
  categoryIds?: string[];
  brandIds?: string[];
  bands?: PriceBand[];
  skins?: SkinType[];
  minRating?: number;
  inStock?: boolean;
  onSale?: boolean;
};

const uuidList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** Every facet key (FACET_KEY_SQL) a product matching the selection's price, skin, rating, stock and sale filters can have. */
function matchingFacetKeys(sel: FacetSelection): number[] | null {
  if (!sel.bands?.length && !sel.skins?.length && sel.minRating !== TOP_RATING && !sel.inStock && !sel.onSale) return null;
  const keys: number[] = [];
  for (let key = 0; key < 256; key++) {
    const d = decodeFacetKey(key);
    if (sel.bands?.length && !sel.bands.includes(d.price)) continue;
    if (sel.skins?.length && (d.skin === null || !sel.skins.includes(d.skin))) continue;
    if (sel.minRating === TOP_RATING && !d.topRated) continue;
    if (sel.inStock && !d.inStock) continue;
    if (sel.onSale && !d.onSale) continue;
    keys.push(key);
  }
  return keys;
}

/** The selected bands as price ranges in cents, adjacent bands merged; null for an open end. */
export function priceRanges(bands: readonly PriceBand[]): [number | null, number | null][] {
  const ranges: [number | null, number | null][] = [];
  for (const band of PRICE_BANDS.filter((b) => bands.includes(b))) {
    const [from, to] = PRICE_BAND_CENTS[band];
    const last = ranges[ranges.length - 1];
    if (last && last[1] === from) last[1] = to;
    else ranges.push([from, to]);
  }
  return ranges;
}

/**
 * The selection as conditions on the products table, for the listing's page and count. Price
 * band, skin, rating, stock and sale become one test on the packed facet key: its statistics
 * know how those dimensions go together, so the planner estimates a combination well (several
 * separate tests multiplied as if independent led it to scan the whole table), and its index
 * finds a rare combination directly.
 */
export function selectionConditions(sel: FacetSelection): SQL[] {
  const out: SQL[] = [];
  if (sel.categoryIds?.length) out.push(sql`${products.categoryId} IN (${uuidList(sel.categoryIds)})`);
  if (sel.brandIds?.length) out.push(sql`${products.brandId} IN (${uuidList(sel.brandIds)})`);
  // The price too, as ranges (adjacent bands merged): a walk in price order starts at the range.
  if (sel.bands?.length) {
    const ranges = priceRanges(sel.bands).map(([from, to]) => {
      if (from === null) return sql`${products.priceCents} < ${to}`;
      if (to === null) return sql`${products.priceCents} >= ${from}`;
      return sql`(${products.priceCents} >= ${from} AND ${products.priceCents} < ${to})`;
    });
    if (ranges.length) out.push(sql`(${sql.join(ranges, sql` OR `)})`);
  }
  const keys = matchingFacetKeys(sel);
  // Whole numbers from 0 to 255 computed here, written inline so the planner sees the values.
  if (keys) out.push(keys.length ? sql`${products.facetKey} IN (${sql.raw(keys.join(", "))})` : sql`false`);
  return out;
}

export type FacetCounts = {
  /** Products matching every filter. */
  total: number;
  /** Per facet, value -> count with every other facet's filter applied (not its own). */
  counts: Record<FacetKey, Map<string, number>>;
};

/** How many products share one (category, brand, packed facet key): the facet cube of a selection base. */
export type FacetCube = { categoryId: string | null; brandId: string | null; key: number; count: number }[];

/**
 * The facet cube in ONE index-only pass: products grouped by category, brand and the packed
 * facet key (FACET_KEY_SQL). It depends only on what every count shares (`base`: search, price
 * range, featured), not on the facet filters, so one cube serves every combination of filters.
 */
export async function queryFacetCube(db: Executor, base: SQL | undefined): Promise<FacetCube> {
  // The whole catalogue's cube is kept by the database (catalog_facet_cells, decision 027): a few
  // thousand delta rows, summed here, instead of grouping every product (40 ms at 100k products
  // on PGlite). Either way the cells come back as one JSON value: PGlite hands over thousands of
  // rows one by one at several times the cost.
  const grouped = base
    ? sql`SELECT ${products.categoryId} AS category_id, ${products.brandId} AS brand_id, ${products.facetKey} AS facet_key, count(*) AS n
          FROM ${products}
          WHERE ${base}
          GROUP BY ${products.categoryId}, ${products.brandId}, ${products.facetKey}`
    : sql`SELECT category_id, brand_id, facet_key, products AS n FROM catalog_facet_cells`;
  const res = await db.execute(sql`
    SELECT coalesce(json_agg(json_build_array(g.category_id, g.brand_id, g.facet_key, g.n)), '[]'::json) AS cells
    FROM (${grouped}) g`);
  const [{ cells }] = rowsOf<{ cells: [string | null, string | null, number, number][] | string }>(res);
  const list = typeof cells === "string" ? (JSON.parse(cells) as [string | null, string | null, number, number][]) : cells;
  const byCell = new Map<string, FacetCube[number]>();
  for (const [categoryId, brandId, key, n] of list) {
    const id = `${categoryId}|${brandId}|${key}`;
    const cell = byCell.get(id);
    if (cell) cell.count += Number(n);
    else byCell.set(id, { categoryId, brandId, key: Number(key), count: Number(n) });
  }
  return [...byCell.values()].filter((c) => c.count > 0);
}

/**
 * Folds the facet cells' deltas into one row per cell (the repeating job; the bench after a bulk
 * load). Deltas appended by transactions still running are not visible to the DELETE and stay;
 * two instances folding at once delete each row once (the second waits, then skips it).
 */
export async function compactFacetCells(db: Executor): Promise<{ before: number; after: number }> {
  const res = await db.execute(sql`
    WITH gone AS (DELETE FROM catalog_facet_cells RETURNING category_id, brand_id, facet_key, products),
    folded AS (
      INSERT INTO catalog_facet_cells (category_id, brand_id, facet_key, products)
      SELECT category_id, brand_id, facet_key, sum(products) FROM gone GROUP BY 1, 2, 3 HAVING sum(products) <> 0
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM gone) AS before, (SELECT count(*) FROM folded) AS after`);
  const [row] = rowsOf<{ before: number | string; after: number | string }>(res);
  return { before: Number(row.before), after: Number(row.after) };
}

/** The packed dimensions of one cube cell, as facet values. */
function decodeFacetKey(key: number) {
  const skin = (key >> 2) & 7;
  return {
    price: PRICE_BANDS[key & 3],
    skin: skin > 0 ? SKIN_TYPES[skin - 1] : null,
    topRated: (key & 32) !== 0,
    inStock: (key & 64) !== 0,
    onSale: (key & 128) !== 0,
  };
}

/**
 * Standard faceting over the cube: a cell counts towards facet F's value when it matches every
 * active filter but F's own, so one can widen the selection within a facet. A minimum rating
 * other than TOP_RATING is not in the cube: the caller puts it in the base instead.
 */
export function countFacets(cube: FacetCube, sel: FacetSelection): FacetCounts {
  const categories = sel.categoryIds?.length ? new Set(sel.categoryIds) : null;
  const brandIds = sel.brandIds?.length ? new Set(sel.brandIds) : null;
  const bands = sel.bands?.length ? new Set<string>(sel.bands) : null;
  const skins = sel.skins?.length ? new Set<string>(sel.skins) : null;
  const topRatedOnly = sel.minRating === TOP_RATING;
  const counts = Object.fromEntries(FACET_KEYS.map((k) => [k, new Map<string, number>()])) as FacetCounts["counts"];
  const add = (key: FacetKey, value: string | null, n: number) => {
    if (value === null) return;
    counts[key].set(value, (counts[key].get(value) ?? 0) + n);
  };
  let total = 0;
  for (const cell of cube) {
    const d = decodeFacetKey(cell.key);
    const match: Record<FacetKey, boolean> = {
      category: !categories || (cell.categoryId !== null && categories.has(cell.categoryId)),
      brand: !brandIds || (cell.brandId !== null && brandIds.has(cell.brandId)),
      price: !bands || bands.has(d.price),
      skin: !skins || (d.skin !== null && skins.has(d.skin)),
      rating: !topRatedOnly || d.topRated,
      in_stock: !sel.inStock || d.inStock,
      on_sale: !sel.onSale || d.onSale,
    };
    const misses = FACET_KEYS.filter((k) => !match[k]);
    if (misses.length > 1) continue;
    const only = misses[0];
    // With no miss the cell counts everywhere; with one, only in the facet it misses.
    const counted = (k: FacetKey) => only === undefined || only === k;
    if (counted("category")) add("category", cell.categoryId, cell.count);
    if (counted("brand")) add("brand", cell.brandId, cell.count);
    if (counted("price")) add("price", d.price, cell.count);
    if (counted("skin")) add("skin", d.skin, cell.count);
    if (counted("rating") && d.topRated) add("rating", "true", cell.count);
    if (counted("in_stock") && d.inStock) add("in_stock", "true", cell.count);
    if (counted("on_sale") && d.onSale) add("on_sale", "true", cell.count);
    if (only === undefined) total += cell.count;
  }
  return { total, counts };
}

/** What the address asked for, as slugs and values (shown as selected even when nothing matches). */
export type FacetRequest = {
  category?: string[];
  brand?: string[];
  price?: PriceBand[];
  skin?: SkinType[];
  rating?: number;
  in_stock?: boolean;
  on_sale?: boolean;
};

/**
 * The facets as the filter panel shows them: values with a count, or selected. Category and
 * brand values are slugs; a facet fixed by the page (the category of /category/{slug}) keeps its
 * counts so the page can offer the others as links.
 */
export function buildFacets(
  { counts }: FacetCounts,
  request: FacetRequest,
  refs: { categories: CategoryRef[]; brands: BrandRef[] },
): CatalogueFacet[] {
  const shown = <T extends { count: number; selected: boolean }>(values: T[]) => values.filter((v) => v.count > 0 || v.selected);
  const category = new Set(request.category ?? []);
  const brand = new Set(request.brand ?? []);
  const price = new Set(request.price ?? []);
  const skin = new Set(request.skin ?? []);
  return [
    {
      key: "category",
      label: SHOP_MESSAGES.facetCategory,
      values: shown(
        refs.categories.map((c) => ({
          value: c.slug,
          label: c.name,
          count: counts.category.get(c.id) ?? 0,
          selected: category.has(c.slug),
        })),
      ),
    },
    {
      key: "brand",
      label: SHOP_MESSAGES.facetBrand,
      values: shown(
        refs.brands.map((b) => ({ value: b.slug, label: b.name, count: counts.brand.get(b.id) ?? 0, selected: brand.has(b.slug) })),
      ),
    },
    {
      key: "price",
      label: SHOP_MESSAGES.facetPrice,
      values: shown(
        PRICE_BANDS.map((b) => ({ value: b, label: PRICE_BAND_LABELS[b], count: counts.price.get(b) ?? 0, selected: price.has(b) })),
      ),
    },
    {
      key: "skin",
      label: SHOP_MESSAGES.skinType,
      values: shown(
        SKIN_TYPES.map((s) => ({ value: s, label: SKIN_TYPE_LABELS[s], count: counts.skin.get(s) ?? 0, selected: skin.has(s) })),
      ),
    },
    {
      key: "rating",
      label: SHOP_MESSAGES.facetRating,
      values: shown([
        {
          value: String(TOP_RATING),
          label: `${TOP_RATING} étoiles et plus`,
          count: counts.rating.get("true") ?? 0,
          selected: request.rating === TOP_RATING,
        },
      ]),
    },
    {
      key: "in_stock",
      label: SHOP_MESSAGES.facetAvailability,
      values: shown([
        { value: "1", label: SHOP_MESSAGES.stock, count: counts.in_stock.get("true") ?? 0, selected: request.in_stock === true },
      ]),
    },
    {
      key: "on_sale",
      label: SHOP_MESSAGES.promotionsLabel,
      values: shown([
        { value: "1", label: SHOP_MESSAGES.sale, count: counts.on_sale.get("true") ?? 0, selected: request.on_sale === true },
      ]),
    },
  ];
}
