import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../openapi";
import { ProductResponseSchema } from "../schemas";

type Schema = { properties?: Record<string, Schema>; items?: Schema; $ref?: string; $defs?: Record<string, Schema> };
type Doc = {
  paths: Record<string, { get: { responses: Record<string, { content: Record<string, { schema: Schema }> }> } }>;
  components: { schemas: Record<string, Schema> };
};

describe("OpenAPI document: product variants", () => {
  const doc = buildOpenApiDocument("http://localhost") as unknown as Doc;

  // Shared schemas live once in components/schemas; each answer refers to its own.
  const defsOf = (path: string) => {
    expect(doc.paths[path].get.responses["200"].content["application/json"].schema.$ref).toMatch(/^#\/components\/schemas\//);
    return doc.components.schemas;
  };

  it("describes each product's variants with their SKU, options, prices, stock and reference price, on one product and the list", () => {
    const defs = defsOf("/api/v1/products/{id}");
    const variant = defs.ProductVariant;
    expect(Object.keys(variant.properties!)).toEqual(
      expect.arrayContaining([
        "id",
        "sku",
        "label",
        "options",
        "price_cents",
        "original_price_cents",
        "stock_quantity",
        "in_stock",
        "lowest_price_30d_cents",
        "image_url",
      ]),
    );
    expect(Object.keys(variant.properties!.options.properties!)).toEqual(["size", "shade", "shade_hex"]);
    expect(defs.Product.properties!.variants.items?.$ref).toBe("#/components/schemas/ProductVariant");
    expect(defsOf("/api/v1/products").Product.properties!.variants.items?.$ref).toBe("#/components/schemas/ProductVariant");
  });

  it("accepts a product with its variants as the documented shape", () => {
    const parsed = ProductResponseSchema.safeParse({
      data: {
        id: "0b4f7a56-8f0e-4a43-9d0b-5a1c2f6e7d11",
        name: "Fond de teint",
        description: null,
        price_cents: 3900,
        original_price_cents: null,
        category_id: null,
        category: null,
        brand: null,
        brand_slug: null,
        sku: null,
        image_url: null,
        images: [],
        rating: 4.5,
        review_count: 2,
        stock_quantity: 6,
        in_stock: true,
        featured: false,
        tags: [],
        attributes: {},
        variant_count: 1,
        default_variant_id: "5f0c2b0e-3c55-4f4e-8d8e-8b3c8b1d2a10",
        variants: [
          {
            id: "5f0c2b0e-3c55-4f4e-8d8e-8b3c8b1d2a10",
            sku: "FDT-30-POR",
            label: "30 ml · Porcelaine",
            options: { size: "30 ml", shade: "Porcelaine", shade_hex: "#f3dccb" },
            price_cents: 3900,
            original_price_cents: null,
            stock_quantity: 6,
            in_stock: true,
            lowest_price_30d_cents: null,
            image_url: null,
            images: [],
            content_amount: 30,
            content_unit: "ml",
            position: 0,
          },
        ],
        created_at: "2026-01-01T00:00:00.000Z",
        updated_at: "2026-01-01T00:00:00.000Z",
      },
    });
    expect(parsed.success).toBe(true);
  });
});
