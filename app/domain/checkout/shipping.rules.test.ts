import { describe, expect, it } from "vitest";
import { OVERSEAS_ALCOHOL_NOTICE, containsAlcohol, shippingNotices, shippingZoneOf } from "./shipping.rules";

const perfume = { name: "Eau de Parfum Rose Poudrée", category_name: "Parfums" };
const toilette = { name: "Eau de Toilette Néroli", category_name: null };
const cream = { name: "Crème Hydratante", category_name: "Soins visage" };

describe("perfumes sent overseas", () => {
  it("recognises perfumes by their category or their name", () => {
    expect(containsAlcohol(perfume)).toBe(true);
    expect(containsAlcohol(toilette)).toBe(true);
    expect(containsAlcohol({ name: "Coffret découverte", category_name: "Parfums" })).toBe(true);
    expect(containsAlcohol(cream)).toBe(false);
  });

  it("warns only for an overseas address with a perfume in the order", () => {
    expect(shippingNotices(shippingZoneOf("France", "97400"), [cream, perfume])).toEqual([OVERSEAS_ALCOHOL_NOTICE]);
    expect(shippingNotices(shippingZoneOf("France", "97400"), [cream])).toEqual([]);
    expect(shippingNotices(shippingZoneOf("France", "75001"), [perfume])).toEqual([]);
    expect(shippingNotices(shippingZoneOf("France", "20000"), [perfume])).toEqual([]);
    expect(shippingNotices(null, [perfume])).toEqual([]);
  });
});
