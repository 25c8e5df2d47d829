import { describe, expect, it } from "vitest";
import type { ProductVariantView } from "./catalog.types";
import { pickVariant, variantAxes, variantImages, variantWith } from "./variant-choice";

const variant = (
  sku: string,
  size: string | undefined,
  shade: string | undefined,
  stock = 3,
  images: string[] = [],
): ProductVariantView => ({
  id: sku,
  sku,
  label: [size, shade].filter(Boolean).join(" · "),
  options: { ...(size ? { size } : {}), ...(shade ? { shade, shade_hex: "#aabbcc" } : {}) },
  price_cents: 1000,
  original_price_cents: null,
  stock_quantity: stock,
  in_stock: stock > 0,
  lowest_price_30d_cents: null,
  image_url: images[0] ?? null,
  images,
  content_amount: null,
  content_unit: null,
  position: 0,
});

const variants = [
  variant("A30", "30 ml", "Ivoire"),
  variant("B30", "30 ml", "Beige", 0),
  variant("A50", "50 ml", "Ivoire"),
  variant("C50", "50 ml", "Caramel"),
];

describe("variant choice", () => {
  it("picks the variant of the SKU, or the first for an unknown or missing one", () => {
    expect(pickVariant(variants, "A50")?.sku).toBe("A50");
    expect(pickVariant(variants, "INCONNU")?.sku).toBe("A30");
    expect(pickVariant(variants, null)?.sku).toBe("A30");
    expect(pickVariant([], "A30")).toBeUndefined();
  });

  it("lists distinct sizes and shades in order", () => {
    expect(variantAxes(variants)).toEqual({
      sizes: ["30 ml", "50 ml"],
      shades: [
        { name: "Ivoire", hex: "#aabbcc" },
        { name: "Beige", hex: "#aabbcc" },
        { name: "Caramel", hex: "#aabbcc" },
      ],
    });
  });

  it("keeps the other option when the combination exists, else takes the first with the new one", () => {
    expect(variantWith(variants, variants[0], { size: "50 ml" })?.sku).toBe("A50");
    expect(variantWith(variants, variants[1], { size: "50 ml" })?.sku).toBe("A50");
    expect(variantWith(variants, variants[2], { shade: "Caramel" })?.sku).toBe("C50");
    expect(variantWith(variants, variants[2], { shade: "Beige" })?.sku).toBe("B30");
  });

  it("shows the variant's pictures first, then the product's, without duplicates", () => {
    const product = { image_url: "/p1.jpg", images: ["/p1.jpg", "/p2.jpg"] };
    expect(variantImages(product)).toEqual(["/p1.jpg", "/p2.jpg"]);
    expect(variantImages(product, { images: ["/v1.jpg", "/p2.jpg"] })).toEqual(["/v1.jpg", "/p2.jpg", "/p1.jpg"]);
    expect(variantImages({ image_url: null, images: [] })).toEqual([]);
  });
});
