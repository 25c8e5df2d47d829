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

export type CatalogueFilters = {
  category?: string;
  search?: string;
  minPrice?: number;
  maxPrice?: number;
  featured?: "true" | "false";
  sort?: ProductSort;
  page?: number;
  page_size?: number;
};

export function hasActiveFilters(q: CatalogueFilters): boolean {
  return Boolean(q.category || q.search || q.minPrice !== undefined || q.maxPrice !== undefined || q.featured === "true");
}
