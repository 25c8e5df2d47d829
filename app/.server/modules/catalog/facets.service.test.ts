import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { brands, categories, products, productVariants } from "../../db/schema";
import { insertSeedProducts } from "../../db/seed/demo";
import { invalidateCatalogCaches, listProducts, type ProductListInput } from "./catalog.service";
import { priceRanges } from "./facets.service";
import { listBrands, getBrandBySlug } from "./brands.service";
import { browseCatalogue } from "./catalogue-page.service";
import { parseCatalogueParams, ProductListQuerySchema } from "~/domain/catalog/catalog.schema";
import type { CatalogueFacet, FacetKey } from "~/domain/catalog/catalog.types";

let handle: DatabaseHandle;
const SEARCH = "quetzalia";

beforeAll(async () => {
  handle = await createTestDatabase();
  const cats = new Map((await handle.db.select().from(categories)).map((c) => [c.slug, c.id]));
  // Four products with a word found nowhere else, one per price band, on both sides of each
  // boundary that matters (50,00 € is in 50 – 100 €, a 4,0 rating is "4 étoiles et plus").
  await handle.db.transaction((tx) =>
    insertSeedProducts(tx, [
      {
        name: "Quetzalia Crème",
        brand: "Maison Quetzal",
        categoryId: cats.get("soins-visage"),
        priceCents: 1500,
        originalPriceCents: 2000,
        rating: 4.5,
        stock: 5,
        sku: "TEST-QTZ-A",
        attributes: { skin_type: "seche" },
      },
      {
        name: "Quetzalia Sérum",
        brand: "Maison Quetzal",
        categoryId: cats.get("soins-visage"),
        priceCents: 3500,
        rating: 3.8,
        stock: 0,
        sku: "TEST-QTZ-B",
        attributes: { skin_type: "grasse" },
      },
      {
        name: "Quetzalia Parfum",
        brand: "Atelier Quetzal",
        categoryId: cats.get("parfums"),
        priceCents: 12_000,
        originalPriceCents: 15_000,
        rating: 4.1,
        stock: 3,
        sku: "TEST-QTZ-C",
      },
      {
        name: "Quetzalia Baume",
        brand: "Atelier Quetzal",
        categoryId: cats.get("soins-corps"),
        priceCents: 5000,
        rating: 4,
        stock: 10,
        sku: "TEST-QTZ-D",
        attributes: { skin_type: "sensible" },
      },
    ]),
  );
  invalidateCatalogCaches(handle.db);
});

afterAll(async () => {
  await handle?.close();
});

const counts = (facets: CatalogueFacet[] | undefined, key: FacetKey) =>
  Object.fromEntries((facets ?? []).find((f) => f.key === key)!.values.map((v) => [v.value, v.count]));

async function facetsOf(query: ProductListInput) {
  invalidateCatalogCaches(handle.db);
  const result = await listProducts(handle.db, { search: SEARCH, ...query }, { facets: true, pageSize: 50 });
  return { ...result, skus: result.items.map((p) => p.sku).sort() };
}

describe("facet counts", () => {
  it("counts every value of every facet for the selection", async () => {
    const r = await facetsOf({});
    expect(r.total).toBe(4);
    expect(counts(r.facets, "brand")).toEqual({ "atelier-quetzal": 2, "maison-quetzal": 2 });
    expect(counts(r.facets, "category")).toEqual({ "soins-visage": 2, parfums: 1, "soins-corps": 1 });
    expect(counts(r.facets, "price")).toEqual({ "moins-20": 1, "20-50": 1, "50-100": 1, "plus-100": 1 });
    expect(counts(r.facets, "skin")).toEqual({ seche: 1, grasse: 1, sensible: 1 });
    expect(counts(r.facets, "rating")).toEqual({ "4": 3 });
    expect(counts(r.facets, "in_stock")).toEqual({ "1": 3 });
    expect(counts(r.facets, "on_sale")).toEqual({ "1": 2 });
  });

  it("applies every other filter to a facet's counts but not its own", async () => {
    const r = await facetsOf({ brand: "maison-quetzal", in_stock: true });
    expect(r.skus).toEqual(["TEST-QTZ-A"]);
    expect(r.total).toBe(1);
    // Brand: in stock only, every brand offered (one can widen to Atelier Quetzal).
    expect(counts(r.facets, "brand")).toEqual({ "atelier-quetzal": 2, "maison-quetzal": 1 });
    // In stock: the brand's products whatever their stock.
    expect(counts(r.facets, "in_stock")).toEqual({ "1": 1 });
    expect(counts(r.facets, "category")).toEqual({ "soins-visage": 1 });
    expect(r.facets!.find((f) => f.key === "brand")!.values.find((v) => v.value === "maison-quetzal")?.selected).toBe(true);
  });

  it("selects several brands or bands as any of them", async () => {
    const r = await facetsOf({ brand: ["maison-quetzal", "atelier-quetzal"], price: ["moins-20", "plus-100"] });
    expect(r.skus).toEqual(["TEST-QTZ-A", "TEST-QTZ-C"]);
    expect(counts(r.facets, "price")).toEqual({ "moins-20": 1, "20-50": 1, "50-100": 1, "plus-100": 1 });
  });

  it("filters by price band at its boundaries, rating 4 and up, on sale and skin type", async () => {
    expect((await facetsOf({ price: ["50-100"] })).skus).toEqual(["TEST-QTZ-D"]);
    expect((await facetsOf({ price: ["20-50"] })).skus).toEqual(["TEST-QTZ-B"]);
    expect((await facetsOf({ rating: 4 })).skus).toEqual(["TEST-QTZ-A", "TEST-QTZ-C", "TEST-QTZ-D"]);
    expect((await facetsOf({ on_sale: true })).skus).toEqual(["TEST-QTZ-A", "TEST-QTZ-C"]);
    expect((await facetsOf({ skin: ["grasse", "sensible"] })).skus).toEqual(["TEST-QTZ-B", "TEST-QTZ-D"]);
    // A minimum rating other than the facet's is applied to every count.
    const r = await facetsOf({ rating: 5 });
    expect(r.total).toBe(0);
    expect(counts(r.facets, "brand")).toEqual({});
  });

  it("gives the same counts without facets, and the page holds the products counted", async () => {
    const query: ProductListInput = { search: SEARCH, on_sale: true, category: ["parfums", "soins-visage"] };
    const plain = await listProducts(handle.db, query);
    const faceted = await listProducts(handle.db, query, { facets: true });
    expect(plain.total).toBe(2);
    expect(faceted.total).toBe(2);
    expect(plain.items.map((p) => p.sku).sort()).toEqual(["TEST-QTZ-A", "TEST-QTZ-C"]);
  });

  it("follows the variants: a sold-out product leaves the in-stock count", async () => {
    const [a] = await handle.db.select({ id: products.id }).from(products).where(eq(products.sku, "TEST-QTZ-A"));
    await handle.db.update(productVariants).set({ stockQuantity: 0 }).where(eq(productVariants.productId, a.id));
    try {
      const r = await facetsOf({});
      expect(counts(r.facets, "in_stock")).toEqual({ "1": 2 });
      expect((await facetsOf({ in_stock: true })).skus).toEqual(["TEST-QTZ-C", "TEST-QTZ-D"]);
    } finally {
      await handle.db.update(productVariants).set({ stockQuantity: 5 }).where(eq(productVariants.productId, a.id));
      invalidateCatalogCaches(handle.db);
    }
  });

  it("matches a count made row by row over the whole catalogue", async () => {
    const cats = new Map((await handle.db.select().from(categories)).map((c) => [c.slug, c.id]));
    const query: ProductListInput = { category: ["soins-visage", "maquillage"], price: ["20-50"], in_stock: true };
    invalidateCatalogCaches(handle.db);
    const r = await listProducts(handle.db, query, { facets: true });
    const conditions: Partial<Record<FacetKey, SQL>> = {
      category: sql`${products.categoryId} IN (${cats.get("soins-visage")!}::uuid, ${cats.get("maquillage")!}::uuid)`,
      price: sql`${products.priceCents} >= 2000 AND ${products.priceCents} < 5000`,
      in_stock: sql`${products.inStock}`,
    };
    const countWhere = async (...extra: SQL[]) => {
      const [{ n }] = await handle.db
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(and(...extra));
      return n;
    };
    const allBut = (key: FacetKey) => Object.entries(conditions).flatMap(([k, c]) => (k === key ? [] : [c]));
    expect(r.total).toBe(await countWhere(...Object.values(conditions)));
    expect(r.total).toBeGreaterThan(0);
    for (const v of r.facets!.find((f) => f.key === "category")!.values) {
      expect(v.count).toBe(await countWhere(...allBut("category"), sql`${products.categoryId} = ${cats.get(v.value)!}::uuid`));
    }
    for (const v of r.facets!.find((f) => f.key === "on_sale")!.values) {
      expect(v.count).toBe(await countWhere(...allBut("on_sale"), sql`${products.originalPriceCents} > ${products.priceCents}`));
    }
    const brandRows = await handle.db.select().from(brands);
    for (const v of r.facets!.find((f) => f.key === "brand")!.values) {
      const id = brandRows.find((b) => b.slug === v.value)!.id;
      expect(v.count).toBe(await countWhere(...allBut("brand"), sql`${products.brandId} = ${id}::uuid`));
    }
    expect(counts(r.facets, "in_stock")["1"]).toBe(await countWhere(...allBut("in_stock"), sql`${products.inStock}`));
  });
});

describe("brands", () => {
  it("lists the brands A–Z with their product counts and finds one by slug", async () => {
    const list = await listBrands(handle.db);
    const names = list.map((b) => b.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "fr", { sensitivity: "base" })));
    expect(list.find((b) => b.slug === "maison-quetzal")?.product_count).toBe(2);
    expect((await getBrandBySlug(handle.db, "atelier-quetzal"))?.name).toBe("Atelier Quetzal");
    expect(await getBrandBySlug(handle.db, "inconnue")).toBeNull();
    expect(await getBrandBySlug(handle.db, "x".repeat(500))).toBeNull();
  });

  it("remembers the product counts per brand until a catalogue write forgets them", async () => {
    invalidateCatalogCaches(handle.db);
    const countOf = async () => (await listBrands(handle.db)).find((b) => b.slug === "maison-quetzal")?.product_count;
    expect(await countOf()).toBe(2);
    await handle.db.transaction((tx) =>
      insertSeedProducts(tx, [{ name: "Quetzalia Lait", brand: "Maison Quetzal", priceCents: 900, stock: 1, sku: "TEST-QTZ-BRAND-COUNT" }]),
    );
    expect(await countOf()).toBe(2);
    invalidateCatalogCaches(handle.db);
    expect(await countOf()).toBe(3);
    await handle.db.delete(products).where(eq(products.sku, "TEST-QTZ-BRAND-COUNT"));
    invalidateCatalogCaches(handle.db);
    expect(await countOf()).toBe(2);
  });

  it("filters by brand, ignores an unknown slug beside a known one, and finds nothing for unknown slugs alone", async () => {
    expect((await facetsOf({ brand: ["atelier-quetzal", "inconnue"] })).skus).toEqual(["TEST-QTZ-C", "TEST-QTZ-D"]);
    const unknown = await listProducts(handle.db, { brand: "inconnue" }, { facets: true });
    expect(unknown).toMatchObject({ total: 0, items: [], unknownBrand: true });
  });

  it("offers best sellers when a listing is empty", async () => {
    const empty = await browseCatalogue(handle.db, { search: SEARCH, brand: ["maison-quetzal"], price: ["plus-100"] });
    expect(empty.total).toBe(0);
    expect(empty.bestSellers.length).toBe(4);
    expect(empty.bestSellers.every((p) => p.in_stock)).toBe(true);
    const full = await browseCatalogue(handle.db, { search: SEARCH });
    expect(full.bestSellers).toEqual([]);
  });
});

describe("filter parameters", () => {
  it("reads repeated parameters as lists and keeps the valid values of a list", () => {
    const q = parseCatalogueParams(
      new URLSearchParams("brand=a&brand=b&brand=a&skin=bogus&skin=seche&price=cheap&rating=9&in_stock=peut-etre&on_sale=1"),
    );
    expect(q).toEqual({ brand: ["a", "b"], skin: ["seche"], on_sale: true });
  });

  it("refuses bad values in French for the API", () => {
    const check = (params: Record<string, unknown>) => {
      const parsed = ProductListQuerySchema.safeParse(params);
      return parsed.success ? null : parsed.error.issues.map((i) => i.message).join(" | ");
    };
    expect(check({ price: "cheap" })).toBe("price vaut moins-20, 20-50, 50-100, plus-100");
    expect(check({ skin: ["seche", "écailleuse"] })).toContain("skin vaut normale");
    expect(check({ rating: "9" })).toBe("rating doit être un nombre entier entre 1 et 5");
    expect(check({ in_stock: "oui" })).toBe("in_stock vaut 1 ou 0");
    expect(check({ brand: Array.from({ length: 60 }, (_, i) => `m${i}`) })).toBe("50 marques au plus");
    expect(check({ brand: ["a", "b"], in_stock: "1", rating: "4" })).toBeNull();
  });
});

describe("price ranges", () => {
  it("merges adjacent bands", () => {
    expect(priceRanges(["plus-100", "50-100"])).toEqual([[5000, null]]);
    expect(priceRanges(["moins-20", "plus-100", "20-50"])).toEqual([
      [null, 5000],
      [10_000, null],
    ]);
    expect(priceRanges([])).toEqual([]);
  });
});
