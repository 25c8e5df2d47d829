import * as SHOP_MESSAGES from "~/domain/messages/shop";

/**
 * Catalogue sorts and filter helpers without zod, so the storefront pages ship no validation
 * library to the browser (the zod schema in catalog.schema.ts builds on these).
 */
export const PRODUCT_SORTS = ["relevance", "newest", "price_asc", "price_desc", "rating"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const SORT_LABELS: Record<ProductSort, string> = {
  relevance: "Pertinence",
  newest: "Nouveautés",
  price_asc: "Prix croissant",
  price_desc: "Prix décroissant",
  rating: "Mieux notés",
};

/** Skin types a product can be made for (products.attributes.skin_type). */
export const SKIN_TYPES = ["normale", "seche", "grasse", "mixte", "sensible", "tous-types"] as const;
export type SkinType = (typeof SKIN_TYPES)[number];
export const SKIN_TYPE_LABELS: Record<SkinType, string> = {
  normale: SHOP_MESSAGES.normalLabel,
  seche: SHOP_MESSAGES.skinDry,
  grasse: SHOP_MESSAGES.skinOily,
  mixte: SHOP_MESSAGES.skinCombination,
  sensible: SHOP_MESSAGES.skinSensitive,
  "tous-types": SHOP_MESSAGES.allTypes,
};

/** Fixed price bands of the price facet, in cents: [from, to) with null for open ends. */
export const PRICE_BANDS = ["moins-20", "20-50", "50-100", "plus-100"] as const;
export type PriceBand = (typeof PRICE_BANDS)[number];
export const PRICE_BAND_LABELS: Record<PriceBand, string> = {
  "moins-20": SHOP_MESSAGES.under20,
  "20-50": SHOP_MESSAGES.n2050,
  "50-100": SHOP_MESSAGES.n50100,
  "plus-100": SHOP_MESSAGES.over100,
};
export const PRICE_BAND_CENTS: Record<PriceBand, readonly [number | null, number | null]> = {
  "moins-20": [null, 2000],
  "20-50": [2000, 5000],
  "50-100": [5000, 10_000],
  "plus-100": [10_000, null],
};

/** The rating facet offers "4 étoiles et plus". */
export const TOP_RATING = 4;

export type CatalogueFilters = {
  /** Category slugs (several: any of them). */
  category?: string[];
  /** Brand slugs (several: any of them). */
  brand?: string[];
  price?: PriceBand[];
  skin?: SkinType[];
  /** Minimum rating. */
  rating?: number;
  in_stock?: boolean;
  on_sale?: boolean;
  search?: string;
  minPrice?: number;
  maxPrice?: number;
  featured?: "true" | "false";
  sort?: ProductSort;
  page?: number;
  page_size?: number;
};

export function hasActiveFilters(q: CatalogueFilters): boolean {
  return Boolean(
    q.category?.length ||
    q.brand?.length ||
    q.price?.length ||
    q.skin?.length ||
    q.rating !== undefined ||
    q.in_stock ||
    q.on_sale ||
    q.search ||
    q.minPrice !== undefined ||
    q.maxPrice !== undefined ||
    q.featured === "true",
  );
}
