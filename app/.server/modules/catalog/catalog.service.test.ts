import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { categories, priceHistory, products, productVariants } from "../../db/schema";
import { insertSeedProducts } from "../../db/seed/demo";
import {
  countProducts,
  getCategoryBySlug,
  getLowestPricesLast30Days,
  getProduct,
  listCategories,
  listFeaturedProducts,
  listHomeSections,
  listProducts,
} from "./catalog.service";
import { parseCatalogueParams, ProductListQuerySchema } from "~/domain/catalog/catalog.schema";
import { discountPercent, formatPrice, formatRating } from "~/lib/money";

let handle: DatabaseHandle;
let zephyrId: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  const [visage] = await handle.db.select().from(categories).where(eq(categories.slug, "soins-visage"));
  // Fixture products with words found nowhere in the demo catalogue.
  const inserted = await handle.db
    .insert(products)
    .values([
      {
        name: "Crème Zéphyrine Nuit",
        description: "Une crème de nuit au parfum léger.",
        priceCents: 4250,
        originalPriceCents: 5000,
        categoryId: visage.id,
        brand: "Maison Quiétude",
        sku: "TEST-ZEPH-1",
        stockQuantity: 3,
        rating: 4.2,
        reviewCount: 17,
        tags: ["hydratant", "nuit"],
      },
      {
        name: "Baume Zéphyrine Jour",
        description: "Baume de jour sans parfum.",
        priceCents: 1999,
        categoryId: visage.id,
        brand: "Maison Quiétude",
        sku: "TEST-ZEPH-2",
        stockQuantity: 40,
        rating: 3.9,
        reviewCount: 5,
        tags: ["parfums"],
      },
    ])
    .returning({ id: products.id });
  zephyrId = inserted[0].id;
});

afterAll(async () => {
  await handle?.close();
});

describe("categories", () => {
  it("lists the six categories ordered by name", async () => {
    const list = await listCategories(handle.db);
    expect(list.map((c) => c.slug).sort()).toEqual(
      ["accessoires", "cheveux", "maquillage", "parfums", "soins-corps", "soins-visage"].sort(),
    );
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it("finds a category by slug and returns null for an unknown one", async () => {
    expect((await getCategoryBySlug(handle.db, "parfums"))?.name).toBe("Parfums");
    expect(await getCategoryBySlug(handle.db, "inconnue")).toBeNull();
  });
});

describe("listProducts filters", () => {
  it("filters by category slug", async () => {
    const result = await listProducts(handle.db, { category: "maquillage", page_size: 100 });
    expect(result.total).toBeGreaterThanOrEqual(12);
    expect(result.items.every((p) => p.category?.slug === "maquillage")).toBe(true);
  });

  it("reports an unknown category instead of listing everything", async () => {
    const result = await listProducts(handle.db, { category: "nope" });
    expect(result.unknownCategory).toBe(true);
    expect(result.total).toBe(0);
  });

  it("filters by a price range in euros, bounds included", async () => {
    const result = await listProducts(handle.db, { minPrice: 19.99, maxPrice: 42.5, page_size: 100 });
    expect(result.total).toBeGreaterThan(0);
    for (const p of result.items) {
      expect(p.price_cents).toBeGreaterThanOrEqual(1999);
      expect(p.price_cents).toBeLessThanOrEqual(4250);
    }
    const ids = (await listProducts(handle.db, { minPrice: 19.99, maxPrice: 19.99, page_size: 100 })).items.map((p) => p.sku);
    expect(ids).toContain("TEST-ZEPH-2");
  });

  it("filters featured products", async () => {
    const result = await listProducts(handle.db, { featured: "true", page_size: 100 });
    expect(result.total).toBeGreaterThanOrEqual(6);
    expect(result.items.every((p) => p.featured)).toBe(true);
  });
});

describe("listProducts sorts and pagination", () => {
  it("sorts by newest first by default", async () => {
    const { items } = await listProducts(handle.db, { page_size: 50 });
    const dates = items.map((p) => Date.parse(p.created_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it("sorts by price ascending and descending", async () => {
    const asc = (await listProducts(handle.db, { sort: "price_asc", page_size: 100 })).items.map((p) => p.price_cents);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await listProducts(handle.db, { sort: "price_desc", page_size: 100 })).items.map((p) => p.price_cents);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  it("sorts by best rating", async () => {
    const ratings = (await listProducts(handle.db, { sort: "rating", page_size: 100 })).items.map((p) => p.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it("paginates by 24 without overlap and clamps a page past the end", async () => {
    const total = await countProducts(handle.db);
    const first = await listProducts(handle.db, { page: 1 });
    const second = await listProducts(handle.db, { page: 2 });
    expect(first.items).toHaveLength(24);
    expect(first.page_count).toBe(Math.ceil(total / 24));
    const overlap = first.items.filter((p) => second.items.some((q) => q.id === p.id));
    expect(overlap).toHaveLength(0);
    const past = await listProducts(handle.db, { page: 999 });
    expect(past.page).toBe(first.page_count);
    expect(past.pageOutOfRange).toBe(true);
    expect(past.items.length).toBeGreaterThan(0);
    const strict = await listProducts(handle.db, { page: 999 }, { clampPage: false });
    expect(strict.items).toHaveLength(0);
    expect(strict.pageOutOfRange).toBe(true);
  });
});

describe("search", () => {
  it("ignores case and accents: 'creme zephyrine' finds 'Crème Zéphyrine'", async () => {
    const result = await listProducts(handle.db, { search: "CREME zephyrine" });
    expect(result.matchedBy).toBe("fts");
    expect(result.items.map((p) => p.sku)).toEqual(["TEST-ZEPH-1"]);
  });

  it("folds plurals with French stemming: 'zéphyrines' finds both", async () => {
    const result = await listProducts(handle.db, { search: "zéphyrines" });
    expect(result.items.map((p) => p.sku).sort()).toEqual(["TEST-ZEPH-1", "TEST-ZEPH-2"]);
  });

  it("finds 'parfum' from 'parfums' and 'Crème' from 'creme' in the demo catalogue", async () => {
    const parfums = await listProducts(handle.db, { search: "parfums" });
    expect(parfums.total).toBeGreaterThan(0);
    const creme = await listProducts(handle.db, { search: "creme", page_size: 100 });
    expect(creme.items.some((p) => p.name.includes("Crème"))).toBe(true);
  });

  it("ranks a name match above a description-only match", async () => {
    const result = await listProducts(handle.db, { search: "zephyrine nuit" });
    expect(result.items[0].sku).toBe("TEST-ZEPH-1");
    const both = await listProducts(handle.db, { search: "maison quietude" });
    expect(both.total).toBe(2);
  });

  it("tolerates typos with the trigram fallback: 'mascarra' finds a mascara", async () => {
    const result = await listProducts(handle.db, { search: "mascarra" });
    expect(result.matchedBy).toBe("fuzzy");
    expect(result.items.length).toBeGreaterThan(0);
    expect(result.items[0].name.toLowerCase()).toContain("mascara");
  });

  it("matches a prefix while typing: 'zephy'", async () => {
    const result = await listProducts(handle.db, { search: "zephy" });
    expect(result.total).toBe(2);
  });

  it("shows a broad search newest first once it has more matches than the ranking budget", async () => {
    const ranked = await listProducts(handle.db, { search: "creme", page_size: 100 });
    expect(ranked.total).toBeGreaterThan(2);
    const broad = await listProducts(handle.db, { search: "creme", page_size: 100 }, { rankBudget: 2 });
    expect(broad.total).toBe(ranked.total);
    const dates = broad.items.map((p) => new Date(p.created_at).getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(new Set(broad.items.map((p) => p.id))).toEqual(new Set(ranked.items.map((p) => p.id)));
  });

  it("counts a broad search's matches up to the cap, says the total is a lower bound, and pages within it newest first", async () => {
    const exact = await listProducts(handle.db, { search: "creme", page_size: 100 });
    expect(exact.total).toBeGreaterThan(2);
    expect(exact.totalIsLowerBound).toBeUndefined();
    const capped = await listProducts(handle.db, { search: "creme", page_size: 1 }, { countCap: 2 });
    expect(capped).toMatchObject({ total: 2, totalIsLowerBound: true, page_count: 2 });
    const newest = [...exact.items].sort(
      (a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || (a.id < b.id ? 1 : -1),
    );
    expect(capped.items.map((p) => p.id)).toEqual([newest[0].id]);
    const last = await listProducts(handle.db, { search: "creme", page_size: 1, page: 2 }, { countCap: 2 });
    expect(last.items.map((p) => p.id)).toEqual([newest[1].id]);
    const beyond = await listProducts(handle.db, { search: "creme", page_size: 1, page: 3 }, { countCap: 2, clampPage: false });
    expect(beyond).toMatchObject({ pageOutOfRange: true, items: [] });
    // At or under the cap the count is exact.
    const atCap = await listProducts(handle.db, { search: "creme", page_size: 1 }, { countCap: exact.total });
    expect(atCap.total).toBe(exact.total);
    expect(atCap.totalIsLowerBound).toBeUndefined();
  });

  it("combines search with filters", async () => {
    const result = await listProducts(handle.db, { search: "zephyrine", maxPrice: 20 });
    expect(result.items.map((p) => p.sku)).toEqual(["TEST-ZEPH-2"]);
  });

  it("handles SQL and HTML characters and 1,000-character input safely", async () => {
    for (const search of ["'; DROP TABLE products; --", "<script>alert(1)</script>", "a".repeat(1000), "&|!:*()", "   "]) {
      const parsed = ProductListQuerySchema.parse({ search });
      const result = await listProducts(handle.db, parsed);
      expect(result.total).toBeGreaterThanOrEqual(0);
    }
    expect(await countProducts(handle.db)).toBeGreaterThan(72);
  });
});

describe("products", () => {
  it("gets a product with its category, and null for unknown or malformed ids", async () => {
    const p = await getProduct(handle.db, zephyrId);
    expect(p?.category?.slug).toBe("soins-visage");
    expect(p?.price_cents).toBe(4250);
    expect(p?.rating).toBe(4.2);
    expect(await getProduct(handle.db, "00000000-0000-0000-0000-000000000000")).toBeNull();
    expect(await getProduct(handle.db, "not-a-uuid")).toBeNull();
  });

  it("home: up to 4 products per category, featured first; 6 featured", async () => {
    const sections = await listHomeSections(handle.db);
    expect(sections).toHaveLength(6);
    for (const s of sections) {
      expect(s.products.length).toBeGreaterThan(0);
      expect(s.products.length).toBeLessThanOrEqual(4);
      const flags = s.products.map((p) => p.featured);
      expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
    }
    expect(await listFeaturedProducts(handle.db)).toHaveLength(6);
  });
});

describe("price history", () => {
  // History is kept per variant, by a trigger on product_variants (decision 025).
  let productId: string;
  let variantId: string;
  beforeAll(async () => {
    const [seeded] = await handle.db.transaction((tx) =>
      insertSeedProducts(tx, [{ name: "Lotion Orbiculaire", priceCents: 4250, originalPriceCents: 5000, stock: 3 }]),
    );
    productId = seeded.id;
    variantId = seeded.variantId;
  });

  it("records a row per variant on creation and on each price change, not on other updates", async () => {
    const rows = () => handle.db.select().from(priceHistory).where(eq(priceHistory.variantId, variantId));
    expect(await rows()).toHaveLength(1);
    await handle.db.update(productVariants).set({ stockQuantity: 5 }).where(eq(productVariants.id, variantId));
    expect(await rows()).toHaveLength(1);
    await handle.db.update(productVariants).set({ priceCents: 3900 }).where(eq(productVariants.id, variantId));
    const after = await rows();
    expect(after).toHaveLength(2);
    expect(after.map((r) => r.priceCents).sort()).toEqual([3900, 4250]);
    expect(after.every((r) => r.productId === productId)).toBe(true);
  });

  it("gives the lowest price of the 30 days before the current price", async () => {
    // 45 days ago at 48 €, 20 days ago at 45 €, today 39 €: the reference is 45 €.
    await handle.db.delete(priceHistory).where(eq(priceHistory.variantId, variantId));
    await handle.db.insert(priceHistory).values([
      { productId, variantId, priceCents: 4800, recordedAt: sql`now() - interval '45 days'` as never },
      { productId, variantId, priceCents: 4500, recordedAt: sql`now() - interval '20 days'` as never },
      { productId, variantId, priceCents: 3900, recordedAt: sql`now()` as never },
    ]);
    const lowest = await getLowestPricesLast30Days(handle.db, [productId]);
    expect(lowest.get(productId)).toBe(4500);
  });
});

describe("database constraints", () => {
  it("refuses negative stock, zero price and a rating above 5", async () => {
    await expect(handle.db.update(products).set({ stockQuantity: -1 }).where(eq(products.id, zephyrId))).rejects.toThrow();
    await expect(handle.db.update(products).set({ priceCents: 0 }).where(eq(products.id, zephyrId))).rejects.toThrow();
    await expect(handle.db.update(products).set({ rating: 7 }).where(eq(products.id, zephyrId))).rejects.toThrow();
  });
});

describe("catalogue parameters from the address", () => {
  it("drops invalid values one by one and clamps the page", () => {
    const q = parseCatalogueParams(new URLSearchParams("category=parfums&minPrice=abc&maxPrice=-5&page=0&sort=bogus&foo=bar"));
    expect(q).toEqual({ category: ["parfums"], page: 1 });
  });

  it("keeps the minimum when the bounds are inverted", () => {
    const q = parseCatalogueParams(new URLSearchParams("minPrice=50&maxPrice=10"));
    expect(q).toEqual({ minPrice: 50 });
  });

  it("trims the search and cuts it at 200 characters", () => {
    expect(parseCatalogueParams(new URLSearchParams(`search=${"  rose  "}`)).search).toBe("rose");
    expect(parseCatalogueParams(new URLSearchParams(`search=${"x".repeat(1000)}`)).search).toHaveLength(200);
  });

  it("the API schema rejects bad numbers with French messages", () => {
    const r = ProductListQuerySchema.safeParse({ page: "0", minPrice: "-3" });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toContain("page doit être supérieur ou égal à 1");
    expect(messages).toContain("Le prix minimum ne peut pas être négatif");
  });
});

describe("money and rating formatting", () => {
  it("formats prices the French way", () => {
    expect(formatPrice(1250).replace(/\s/g, " ")).toBe("12,50 €");
    expect(formatPrice(990).replace(/\s/g, " ")).toBe("9,90 €");
    expect(formatPrice(123456).replace(/\s/g, " ")).toBe("1 234,56 €");
  });

  it("rounds discount percentages", () => {
    expect(discountPercent(4250, 5000)).toBe(15);
    expect(discountPercent(2990, 3990)).toBe(25);
    expect(discountPercent(6660, 9990)).toBe(33);
    expect(discountPercent(1000, 1000)).toBeNull();
    expect(discountPercent(1000, null)).toBeNull();
  });

  it("shows ratings with one decimal", () => {
    expect(formatRating(4.5)).toBe("4,5");
    expect(formatRating(4)).toBe("4,0");
  });
});
