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

/** The expressions a selection is tested on: the products table's, or the facet query's columns. */
type FacetColumns = {
  categoryId: SQL;
  brandId: SQL;
  priceCents: SQL;
  skin: SQL;
  rating: SQL;
  inStock: SQL;
  onSale: SQL;
};

const productColumns: FacetColumns = {
  categoryId: sql`${products.categoryId}`,
  brandId: sql`${products.brandId}`,
  priceCents: sql`${products.priceCents}`,
  skin: sql`(${products.attributes} ->> 'skin_type')`,
  rating: sql`${products.rating}`,
  inStock: sql`${products.inStock}`,
  onSale: sql`(${products.originalPriceCents} > ${products.priceCents})`,
};

const uuidList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

function bandPredicate(band: PriceBand, price: SQL): SQL {
  const [from, to] = PRICE_BAND_CENTS[band];
  if (from === null) return sql`${price} < ${to}`;
  if (to === null) return sql`${price} >= ${from}`;
  return sql`(${price} >= ${from} AND ${price} < ${to})`;
}

/** One predicate per active facet. */
function predicates(sel: FacetSelection, c: FacetColumns): Partial<Record<FacetKey, SQL>> {
  const out: Partial<Record<FacetKey, SQL>> = {};
  if (sel.categoryIds?.length) out.category = sql`${c.categoryId} IN (${uuidList(sel.categoryIds)})`;
  if (sel.brandIds?.length) out.brand = sql`${c.brandId} IN (${uuidList(sel.brandIds)})`;
  if (sel.bands?.length) {
    out.price = sql`(${sql.join(
      sel.bands.map((b) => bandPredicate(b, c.priceCents)),
      sql` OR `,
    )})`;
  }
  if (sel.skins?.length) {
    out.skin = sql`${c.skin} IN (${sql.join(
      sel.skins.map((s) => sql`${s}`),
      sql`, `,
    )})`;
  }
  if (sel.minRating !== undefined) out.rating = sql`${c.rating} >= ${sel.minRating}`;
  if (sel.inStock) out.in_stock = sql`${c.inStock}`;
  if (sel.onSale) out.on_sale = sql`${c.onSale}`;
  return out;
}

/** The selection as conditions on the products table, for the listing's page and count. */
export function selectionConditions(sel: FacetSelection): SQL[] {
  return Object.values(predicates(sel, productColumns));
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
  const res = await db.execute(sql`
    SELECT ${products.categoryId} AS category_id, ${products.brandId} AS brand_id, ${products.facetKey} AS facet_key, count(*) AS n
    FROM ${products}
    ${base ? sql`WHERE ${base}` : sql``}
    GROUP BY ${products.categoryId}, ${products.brandId}, ${products.facetKey}`);
  return rowsOf<{ category_id: string | null; brand_id: string | null; facet_key: number | string; n: number | string }>(res).map((r) => ({
    categoryId: r.category_id,
    brandId: r.brand_id,
    key: Number(r.facet_key),
    count: Number(r.n),
  }));
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
      label: "Catégorie",
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
      label: "Marque",
      values: shown(
        refs.brands.map((b) => ({ value: b.slug, label: b.name, count: counts.brand.get(b.id) ?? 0, selected: brand.has(b.slug) })),
      ),
    },
    {
      key: "price",
      label: "Prix",
      values: shown(
        PRICE_BANDS.map((b) => ({ value: b, label: PRICE_BAND_LABELS[b], count: counts.price.get(b) ?? 0, selected: price.has(b) })),
      ),
    },
    {
      key: "skin",
      label: "Type de peau",
      values: shown(
        SKIN_TYPES.map((s) => ({ value: s, label: SKIN_TYPE_LABELS[s], count: counts.skin.get(s) ?? 0, selected: skin.has(s) })),
      ),
    },
    {
      key: "rating",
      label: "Note",
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
      label: "Disponibilité",
      values: shown([{ value: "1", label: "En stock", count: counts.in_stock.get("true") ?? 0, selected: request.in_stock === true }]),
    },
    {
      key: "on_sale",
      label: "Promotions",
      values: shown([{ value: "1", label: "En promotion", count: counts.on_sale.get("true") ?? 0, selected: request.on_sale === true }]),
    },
  ];
}
