import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { prepared } from "../../db/prepared";
import { purgePageCache } from "../../page-cache-bridge";
import { createReadMemo } from "../../read-memo";
import { createDbMemo } from "../../db-memo";
import { brands, categories, products, productVariants } from "../../db/schema";
import {
  toProductCardView,
  type CategoryView,
  type ProductCardView,
  type ProductPage,
  type ProductView,
} from "~/domain/catalog/catalog.types";
import type { ProductListQuery } from "~/domain/catalog/catalog.schema";
import { TOP_RATING, type PriceBand, type ProductSort, type SkinType } from "~/domain/catalog/catalog.constants";
import type { CatalogueFacet } from "~/domain/catalog/catalog.types";
import { forgetBrandCounts, listBrandRefs } from "./brands.service";
import { buildFacets, countFacets, queryFacetCube, selectionConditions, type FacetCube, type FacetSelection } from "./facets.service";
import { CATALOGUE_PAGE_SIZE, HOME_FEATURED_COUNT, HOME_PRODUCTS_PER_CATEGORY } from "~/lib/shop-rules";
import { searchTerms, toTsQueryText } from "./search-query";
import { searchWithCorrection } from "./search-lexicon.service";
import { getLowestPricesLast30Days as lowestPricesOfCheapestVariants, withVariants } from "./product-variants.service";
import { isUuid } from "~/lib/uuid";

/** The product columns (with the category) every product list selects; toProductView maps them. */
export const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  priceCents: products.priceCents,
  originalPriceCents: products.originalPriceCents,
  categoryId: products.categoryId,
  brand: products.brand,
  brandSlug: sql<string | null>`(SELECT ${brands.slug} FROM ${brands} WHERE ${brands.id} = ${products.brandId})`,
  sku: products.sku,
  imageUrl: products.imageUrl,
  images: products.images,
  rating: products.rating,
  reviewCount: products.reviewCount,
  stockQuantity: products.stockQuantity,
  inStock: products.inStock,
  featured: products.featured,
  tags: products.tags,
  attributes: products.attributes,
  variantCount: products.variantCount,
  defaultVariantId: sql<
    string | null
  >`(SELECT ${productVariants.id} FROM ${productVariants} WHERE ${productVariants.productId} = ${products.id} ORDER BY ${productVariants.position}, ${productVariants.id} LIMIT 1)`,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  categoryName: categories.name,
  categorySlug: categories.slug,
};

type ProductRow = {
  id: string;
  name: string;
  description: string | null;
  priceCents: number;
  originalPriceCents: number | null;
  categoryId: string | null;
  brand: string | null;
  brandSlug: string | null;
  sku: string | null;
  imageUrl: string | null;
  images: string[];
  rating: number | string;
  reviewCount: number;
  stockQuantity: number;
  inStock: boolean;
  featured: boolean;
  tags: string[];
  attributes: ProductView["attributes"];
  variantCount: number;
  defaultVariantId: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  categoryName: string | null;
  categorySlug: string | null;
};

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export function toProductView(row: ProductRow): ProductView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price_cents: row.priceCents,
    original_price_cents: row.originalPriceCents,
    category_id: row.categoryId,
    category:
      row.categoryId && row.categoryName && row.categorySlug
        ? { id: row.categoryId, name: row.categoryName, slug: row.categorySlug }
        : null,
    brand: row.brand,
    brand_slug: row.brandSlug,
    sku: row.sku,
    image_url: row.imageUrl,
    images: row.images ?? [],
    rating: Number(row.rating),
    review_count: row.reviewCount,
    stock_quantity: row.stockQuantity,
    in_stock: row.inStock !== false,
    featured: row.featured,
    tags: row.tags ?? [],
    attributes: row.attributes ?? {},
    variant_count: row.variantCount,
    default_variant_id: row.defaultVariantId,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  description: categories.description,
};

/**
 * Every storefront page's navigation reads the categories: a read memo (read-memo.ts) keeps them
 * for the server's requests, forgotten with every write request in any instance and with every
 * catalogue announcement ("pages"), as category changes are one or the other.
 */
const categoryLists = createReadMemo<CategoryView[]>({ ttlMs: 30_000, maxEntries: 1 });

export async function listCategories(db: Executor): Promise<CategoryView[]> {
  return categoryLists.get("all", () =>
    prepared(db, "catalog_list_categories", (d, name) =>
      d.select(categoryColumns).from(categories).orderBy(asc(categories.name)).prepare(name),
    ).execute(),
  );
}

export async function getCategoryBySlug(db: Executor, slug: string): Promise<CategoryView | null> {
  if (slug.length > 100) return null;
  const [row] = await prepared(db, "catalog_category_by_slug", (d, name) =>
    d
      .select(categoryColumns)
      .from(categories)
      .where(eq(categories.slug, sql.placeholder("slug")))
      .limit(1)
      .prepare(name),
  ).execute({ slug });
  return row ?? null;
}

export async function getProduct(db: Executor, id: string): Promise<ProductView | null> {
  if (!isUuid(id)) return null;
  const [row] = await prepared(db, "catalog_product_detail_by_id", (d, name) =>
    d
      .select({ ...productColumns, ingredients: products.ingredients, usageTips: products.usageTips })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(products.id, sql.placeholder("id")))
      .limit(1)
      .prepare(name),
  ).execute({ id });
  if (!row) return null;
  const [product] = await withVariants(db, [{ ...toProductView(row), ingredients: row.ingredients, usage_tips: row.usageTips }]);
  return product;
}

/**
 * Listing counts and facet cubes are remembered for 30 s per selection: a count scans every
 * match, and the next page or the next filter of the same listing needs the same numbers.
 * Catalogue writes call invalidateCatalogCaches(), which every server process hears ("counts",
 * decision 038); nothing is remembered while this process cannot hear the others.
 */
const catalogCounts = createDbMemo<unknown>({ kind: "counts", name: "catalog-counts", ttlMs: 30_000, maxEntries: 1000 });

/** A count or a facet cube of this selection, kept as above (`read` when it is not). */
function rememberedCount<T>(db: Executor, key: string, read: () => Promise<T>): Promise<T> {
  return catalogCounts.get(db, key, read) as Promise<T>;
}

/** After any change to products or categories: fresh counts and fresh pages, in every server process. */
export function invalidateCatalogCaches(db: Executor): void {
  // Forgetting announces "counts": every process forgets these counts, the brand counts and the
  // back-office figures that kind names.
  catalogCounts.forget(db);
  forgetBrandCounts(db);
  purgePageCache();
}

export type ListOptions = {
  /** Page size; the catalogue page uses 24. */
  pageSize?: number;
  /** Also count every facet value for the selection (the catalogue pages' filter panel). */
  facets?: boolean;
  /** Pages clamp a page past the end to the last page; the API reports it instead. */
  clampPage?: boolean;
  /** Most matches ranked by relevance (tests lower it). */
  rankBudget?: number;
  /** Most search matches counted exactly (tests lower it). */
  countCap?: number;
};

export type ProductListResult = ProductPage & {
  /** Set when none of the category slugs is known. */
  unknownCategory?: boolean;
  /** Set when none of the brand slugs is known. */
  unknownBrand?: boolean;
  /** With `facets`: each facet's values and counts for the current selection. */
  facets?: CatalogueFacet[];
  /** "fts" full-text match, "fuzzy" the same search after correcting misspelt words. */
  matchedBy?: "fts" | "fuzzy";
  /** The corrected query the results are for ("crème" for "cremme"), accented as the catalogue writes it. */
  corrected_query?: string;
  /** A corrected query that found nothing either (with these filters): a spelling to offer. */
  suggestion?: string;
  /** Requested page lay past the last page. */
  pageOutOfRange?: boolean;
  /** The search matched more than SEARCH_COUNT_CAP products: `total` is that cap, a lower bound. */
  totalIsLowerBound?: boolean;
};

type SearchPlan = { where: SQL; rank: SQL; key: string };

/** Above this many matches, search results are not ranked by relevance but shown newest first. */
export const RANK_BUDGET = 2000;
/**
 * A search without facet counts (the API) counts its matches up to this many. Counting reads
 * every match's row: a broad word ("parfum") in a catalogue of 100k products matches a quarter
 * of it, and an exact "25 451" tells a shopper or a client no more than "more than 2 000"
 * (decision 027). Pages with facet counts get exact totals from the facet cube.
 */
export const SEARCH_COUNT_CAP = RANK_BUDGET;

function ftsPlan(tsQueryText: string): SearchPlan {
  const query = sql`to_tsquery('aurore_fr', ${tsQueryText})`;
  return {
    key: `fts:${tsQueryText}`,
    where: sql`${products.searchVector} @@ ${query}`,
    rank: sql`ts_rank(${products.searchVector}, ${query})`,
  };
}

function orderFor(sort: ProductSort, plan: SearchPlan | null): SQL[] {
  switch (sort) {
    case "price_asc":
      return [asc(products.priceCents), asc(products.id)];
    case "price_desc":
      return [desc(products.priceCents), desc(products.id)];
    case "rating":
      return [desc(products.rating), desc(products.reviewCount), desc(products.id)];
    case "relevance":
      if (plan) return [sql`${plan.rank} DESC`, desc(products.createdAt), desc(products.id)];
      return [desc(products.createdAt), desc(products.id)];
    case "newest":
    default:
      return [desc(products.createdAt), desc(products.id)];
  }
}

/** What listProducts accepts: the parsed address, where a facet may also be one value. */
export type ProductListInput = Omit<ProductListQuery, "category" | "brand" | "price" | "skin"> & {
  category?: string | string[];
  brand?: string | string[];
  price?: PriceBand[];
  skin?: SkinType[];
};

const asList = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * The catalogue query behind /products, /category/{slug}, /marque/{slug} and GET /api/v1/products.
 * Filters: categories and brands (slugs, any of them), price bands, skin types, rating, in stock,
 * on sale, price range, featured. With `facets`, every facet value's count for the selection
 * comes from one cube (decision 026), which also gives the total.
 * Search: French full-text (accents and plurals folded) ranked by relevance; when it finds
 * nothing, misspelt words are corrected against the search lexicon and the search runs again
 * ("mascarra" finds "mascara").
 */
export async function listProducts(db: Executor, query: ProductListInput, options: ListOptions = {}): Promise<ProductListResult> {
  const pageSize = options.pageSize ?? query.page_size ?? CATALOGUE_PAGE_SIZE;
  const empty = { items: [], total: 0, page: 1, page_size: pageSize, page_count: 0 };
  const categorySlugs = asList(query.category);
  const brandSlugs = asList(query.brand);
  const [allCategories, allBrands] = await Promise.all([
    options.facets || categorySlugs.length ? listCategories(db) : [],
    options.facets || brandSlugs.length ? listBrandRefs(db) : [],
  ]);

  // Unknown slugs are ignored; when none of them is known, nothing matches.
  const categoryIds = allCategories.filter((c) => categorySlugs.includes(c.slug)).map((c) => c.id);
  if (categorySlugs.length && !categoryIds.length) return { ...empty, unknownCategory: true };
  const brandIds = allBrands.filter((b) => brandSlugs.includes(b.slug)).map((b) => b.id);
  if (brandSlugs.length && !brandIds.length) return { ...empty, unknownBrand: true };

  const selection: FacetSelection = {
    categoryIds,
    brandIds,
    bands: query.price,
    skins: query.skin,
    minRating: query.rating === TOP_RATING ? TOP_RATING : undefined,
    inStock: query.in_stock === true,
    onSale: query.on_sale === true,
  };
  // What every facet count shares; a minimum rating other than the facet's is one of them.
  const shared: SQL[] = [];
  if (query.minPrice !== undefined) shared.push(gte(products.priceCents, Math.round(query.minPrice * 100)));
  if (query.maxPrice !== undefined) shared.push(lte(products.priceCents, Math.round(query.maxPrice * 100)));
  if (query.featured === "true") shared.push(eq(products.featured, true));
  if (query.featured === "false") shared.push(eq(products.featured, false));
  if (query.rating !== undefined && query.rating !== TOP_RATING) shared.push(gte(products.rating, query.rating));
  const filters = [...shared, ...selectionConditions(selection)];

  const terms = query.search ? searchTerms(query.search) : [];
  const tsText = toTsQueryText(terms);
  const sort: ProductSort = query.sort ?? (tsText ? "relevance" : "newest");

  const selectPage = (where: SQL | undefined, order: SQL[], page: number) =>
    db
      .select(productColumns)
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize);

  const sharedKey = JSON.stringify([query.minPrice, query.maxPrice, query.featured, query.rating === TOP_RATING ? null : query.rating]);
  const filterKey = JSON.stringify([sharedKey, selection]);
  const countRows = (where: SQL | undefined, key: string, cap?: number) =>
    rememberedCount(db, key, async () => {
      const [{ total }] =
        cap === undefined
          ? await db.select({ total: count() }).from(products).where(where)
          : // The matches past the cap are never read: the scan stops at cap + 1 rows.
            await db.select({ total: count() }).from(
              db
                .select({ one: sql`1` })
                .from(products)
                .where(where)
                .limit(cap + 1)
                .as("capped"),
            );
      return total;
    });
  // One cube per search and shared filters serves every combination of facet filters.
  const facetCube = (base: SQL | undefined, key: string) => rememberedCount<FacetCube>(db, key, () => queryFacetCube(db, base));
  const facetRequest = { ...query, category: categorySlugs, brand: brandSlugs };

  const run = async (plan: SearchPlan | null): Promise<ProductListResult> => {
    const where = and(...filters, ...(plan ? [plan.where] : []));
    const key = `${filterKey}|${plan?.key ?? ""}`;
    const requested = query.page ?? 1;
    // The count first (remembered 30 s, and cheap: no ranking). Relevance ranking reads every
    // match; above RANK_BUDGET matches (a broad word such as "crème" in a large catalogue) the
    // ranks say little and cost much, so those pages come newest first (decision 002).
    let facets: CatalogueFacet[] | undefined;
    let total: number;
    let totalIsLowerBound = false;
    if (options.facets) {
      const cube = await facetCube(and(...shared, ...(plan ? [plan.where] : [])), `cube|${sharedKey}|${plan?.key ?? ""}`);
      const counted = countFacets(cube, selection);
      total = counted.total;
      facets = buildFacets(counted, facetRequest, { categories: allCategories, brands: allBrands });
    } else if (plan) {
      const cap = options.countCap ?? SEARCH_COUNT_CAP;
      total = await countRows(where, `${key}|cap${cap}`, cap);
      if (total > cap) {
        total = cap;
        totalIsLowerBound = true;
      }
    } else {
      total = await countRows(where, key);
    }
    const order = orderFor(
      sort === "relevance" && plan && (totalIsLowerBound || total > (options.rankBudget ?? RANK_BUDGET)) ? "newest" : sort,
      plan,
    );
    const pageCount = Math.ceil(total / pageSize);
    const pageOutOfRange = requested > Math.max(pageCount, 1);
    const page = pageOutOfRange && options.clampPage !== false ? Math.max(pageCount, 1) : requested;
    const rows = total > 0 && !(pageOutOfRange && options.clampPage === false) ? await selectPage(where, order, page) : [];
    return {
      items: rows.map(toProductView),
      total,
      page,
      page_size: pageSize,
      page_count: pageCount,
      pageOutOfRange,
      facets,
      ...(totalIsLowerBound ? { totalIsLowerBound } : {}),
    };
  };

  if (!tsText) return run(null);
  const fts = await run(ftsPlan(tsText));
  if (fts.total > 0) return { ...fts, matchedBy: "fts" };
  const corrected = await searchWithCorrection(db, terms, (text) => run(ftsPlan(text)));
  if (!corrected) return fts;
  if (corrected.result.total === 0) return { ...fts, suggestion: corrected.correctedQuery };
  return { ...corrected.result, matchedBy: "fuzzy", corrected_query: corrected.correctedQuery };
}

export type HomeCategorySection = { category: CategoryView; products: ProductView[] };

/** Home page: up to 4 products per category (featured first, then newest); empty categories skipped. */
export async function listHomeSections(db: Executor): Promise<HomeCategorySection[]> {
  const cats = await listCategories(db);
  const statement = prepared(db, "catalog_home_section", (d, name) =>
    d
      .select(productColumns)
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(products.categoryId, sql.placeholder("categoryId")))
      .orderBy(desc(products.featured), desc(products.createdAt))
      .limit(HOME_PRODUCTS_PER_CATEGORY)
      .prepare(name),
  );
  const sections = await Promise.all(
    cats.map(async (category) => {
      const rows = await statement.execute({ categoryId: category.id });
      return { category, products: rows.map(toProductView) };
    }),
  );
  return sections.filter((s) => s.products.length > 0);
}

export async function listFeaturedProducts(db: Executor, limit = HOME_FEATURED_COUNT): Promise<ProductView[]> {
  const rows = await prepared(db, "catalog_featured", (d, name) =>
    d
      .select(productColumns)
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(products.featured, true))
      .orderBy(desc(products.createdAt))
      .limit(sql.placeholder("limit"))
      .prepare(name),
  ).execute({ limit });
  return rows.map(toProductView);
}

export async function countProducts(db: Executor): Promise<number> {
  return rememberedCount(db, "all", async () => {
    const [{ total }] = await db.select({ total: count() }).from(products);
    return total;
  });
}

/** The 30-day reference price of each product's cheapest variant, the price its card shows. */
export async function getLowestPricesLast30Days(db: Executor, productIds: string[]): Promise<Map<string, number>> {
  return lowestPricesOfCheapestVariants(db, productIds);
}

/** Sitemap: one URL file holds at most 50,000 entries, so products are capped below that. */
export const SITEMAP_MAX_PRODUCTS = 45_000;

export async function listProductsForSitemap(db: Executor): Promise<{ id: string; updatedAt: string }[]> {
  const rows = await db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .orderBy(desc(products.updatedAt))
    .limit(SITEMAP_MAX_PRODUCTS);
  return rows.map((r) => ({ id: r.id, updatedAt: iso(r.updatedAt) }));
}

/** The products of these ids as cards, in the order of the ids; an id with no product is left out. */
export async function listProductCardsByIds(db: Executor, ids: readonly string[]): Promise<ProductCardView[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(productColumns)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, toProductView(row)]));
  return toCardViews(
    db,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

/** Card views of a list, with the 30-day reference price of the discounted ones (one query). */
export async function toCardViews(db: Executor, items: ProductView[]): Promise<ProductCardView[]> {
  const discounted = items.filter((p) => p.original_price_cents !== null && p.original_price_cents > p.price_cents).map((p) => p.id);
  const lowest = discounted.length > 0 ? await getLowestPricesLast30Days(db, discounted) : undefined;
  return items.map((p) => toProductCardView(p, lowest));
}
