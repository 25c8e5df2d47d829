import { describe, expect, it } from "vitest";
import { activeFilters, hrefWithout, hrefWithoutFilters } from "./active-filters";
import type { CatalogueFacet } from "./catalog.types";

const facets: CatalogueFacet[] = [
  { key: "brand", label: "Marque", values: [{ value: "aurore", label: "Aurore", count: 3, selected: true }] },
  { key: "in_stock", label: "Disponibilité", values: [{ value: "1", label: "En stock", count: 9, selected: true }] },
  { key: "category", label: "Catégorie", values: [{ value: "parfums", label: "Parfums", count: 4, selected: true }] },
];

describe("active filters", () => {
  it("lists the filters in the address order, each with the address without it", () => {
    const params = new URLSearchParams("sort=price_asc&brand=aurore&page=3&in_stock=1&minPrice=12.5");
    const chips = activeFilters("/products", params, facets);
    expect(chips.map((c) => `${c.facetLabel} : ${c.valueLabel}`)).toEqual([
      "Marque : Aurore",
      "Disponibilité : En stock",
      "Prix min : 12,5 €",
    ]);
    expect(chips[0].href).toBe("/products?sort=price_asc&in_stock=1&minPrice=12.5");
    expect(chips[2].href).toBe("/products?sort=price_asc&brand=aurore&in_stock=1");
  });

  it("skips the page's own facet, unknown values and flags set to 0", () => {
    const params = new URLSearchParams("category=parfums&brand=inconnue&on_sale=0&featured=false");
    expect(activeFilters("/category/parfums", params, facets, "category")).toEqual([]);
  });

  it("removes one value of a repeated parameter and clears every filter but the search and sort", () => {
    const params = new URLSearchParams("brand=a&brand=b&search=rose&sort=rating&price=20-50");
    expect(hrefWithout("/products", params, "brand", "a")).toBe("/products?brand=b&search=rose&sort=rating&price=20-50");
    expect(hrefWithoutFilters("/products", params)).toBe("/products?search=rose&sort=rating");
  });
});
