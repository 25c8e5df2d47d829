/**
 * The filters a catalogue address carries, as removable chips: each with the address without it.
 * Isomorphic and zod-free (the storefront ships it). The page's own facet (the category of
 * /category/{slug}, the brand of /marque/{slug}) lives in the path and is not a chip.
 */
import type { CatalogueFacet, FacetKey } from "./catalog.types";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

export type ActiveFilter = {
  key: string;
  value: string;
  /** "Marque" */
  facetLabel: string;
  /** "Aurore" */
  valueLabel: string;
  /** The same address without this filter (and back to page 1). */
  href: string;
};

const FACET_PARAMS: readonly string[] = ["category", "brand", "price", "skin", "rating", "in_stock", "on_sale"] satisfies FacetKey[];
const FILTER_PARAMS = [...FACET_PARAMS, "minPrice", "maxPrice", "featured"];

function hrefWith(pathname: string, params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.delete("page");
  const qs = next.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/** The address without one value of a parameter (or without the parameter). */
export function hrefWithout(pathname: string, params: URLSearchParams, key: string, value?: string): string {
  const next = new URLSearchParams();
  for (const [k, v] of params) if (!(k === key && (value === undefined || v === value))) next.append(k, v);
  return hrefWith(pathname, next);
}

/** 'Tout effacer': the listing without any filter; the search and the sort stay. */
export function hrefWithoutFilters(pathname: string, params: URLSearchParams): string {
  const next = new URLSearchParams();
  for (const [k, v] of params) if (!FILTER_PARAMS.includes(k) && v.trim() !== "") next.append(k, v);
  return hrefWith(pathname, next);
}

const euros = (value: string) => `${Number(value).toLocaleString("fr-FR", { maximumFractionDigits: 2 })} €`;

/** The active filters in the order of the address, so the last one is the one added last. */
export function activeFilters(
  pathname: string,
  params: URLSearchParams,
  facets: readonly CatalogueFacet[],
  pinned?: FacetKey,
): ActiveFilter[] {
  const out: ActiveFilter[] = [];
  const seen = new Set<string>();
  for (const [key, raw] of params) {
    const value = raw.trim();
    if (!value || key === pinned || !FILTER_PARAMS.includes(key) || seen.has(`${key}=${value}`)) continue;
    seen.add(`${key}=${value}`);
    const facet = facets.find((f) => f.key === key);
    let facetLabel: string;
    let valueLabel: string;
    if (facet) {
      const known = facet.values.find((v) => v.value === value);
      // A flag set to 0 or a value the shop does not know filters nothing: no chip.
      if (!known?.selected) continue;
      facetLabel = facet.label;
      valueLabel = known.label;
    } else if (key === "minPrice" || key === "maxPrice") {
      if (!Number.isFinite(Number(value)) || Number(value) < 0) continue;
      facetLabel = key === "minPrice" ? SHOP_MESSAGES.minPrice : SHOP_MESSAGES.maxPrice;
      valueLabel = euros(value);
    } else if (key === "featured" && value === "true") {
      facetLabel = SHOP_MESSAGES.filterSelection;
      valueLabel = SHOP_MESSAGES.featuredProducts;
    } else {
      continue;
    }
    out.push({ key, value, facetLabel, valueLabel, href: hrefWithout(pathname, params, key, raw) });
  }
  return out;
}
