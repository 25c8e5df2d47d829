import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, count, eq } from "drizzle-orm";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "../client";
import { categories, priceHistory, products, stockMovements } from "../schema";
import { SEED_DISCOUNT_DAYS_AGO, SEED_FULL_PRICE_DAYS_AGO, seedDemoDataIfEmpty } from "./demo";
import { DEMO_BRANDS } from "./demo-data";

const DAY_MS = 86_400_000;
let handle: DatabaseHandle;
let seededFirstTime: boolean;

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite" });
  await migrateDatabase(handle);
  seededFirstTime = await seedDemoDataIfEmpty(handle.db);
}, 60_000);

afterAll(async () => {
  await handle?.close();
}, 60_000);

const allProducts = () =>
  handle.db
    .select({ product: products, slug: categories.slug })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id));

describe("demo catalogue", () => {
  it("creates the six categories with their exact slugs, names and positions", async () => {
    expect(seededFirstTime).toBe(true);
    const rows = await handle.db.select().from(categories).orderBy(asc(categories.position));
    expect(rows.map((c) => [c.position, c.slug, c.name])).toEqual([
      [1, "parfums", "Parfums"],
      [2, "soins-visage", "Soins Visage"],
      [3, "maquillage", "Maquillage"],
      [4, "accessoires", "Accessoires"],
      [5, "soins-corps", "Soins Corps"],
      [6, "cheveux", "Cheveux"],
    ]);
    expect(rows.every((c) => (c.description ?? "").length > 20)).toBe(true);
  });

  it("puts at least 12 products in every category and features some", async () => {
    const rows = await allProducts();
    const perCategory = new Map<string, number>();
    for (const r of rows) perCategory.set(r.slug, (perCategory.get(r.slug) ?? 0) + 1);
    expect(perCategory.size).toBe(6);
    for (const n of perCategory.values()) expect(n).toBeGreaterThanOrEqual(12);
    expect(rows.filter((r) => r.product.featured).length).toBeGreaterThanOrEqual(6);
  });

  it("spreads stock: out of stock, last pieces, and plenty", async () => {
    const stocks = (await allProducts()).map((r) => r.product.stockQuantity);
    expect(stocks.some((s) => s === 0)).toBe(true);
    expect(stocks.filter((s) => s >= 1 && s <= 9).length).toBeGreaterThanOrEqual(3);
    expect(stocks.some((s) => s === 10)).toBe(true);
    expect(stocks.filter((s) => s > 10).length).toBeGreaterThan(stocks.length / 2);
    for (const { product } of await allProducts()) expect(product.inStock).toBe(product.stockQuantity > 0);
  });

  it("gives every product three generated images, a unique SKU, realistic values and a known brand", async () => {
    const rows = await allProducts();
    const skus = new Set(rows.map((r) => r.product.sku));
    expect(skus.size).toBe(rows.length);
    for (const { product: p } of rows) {
      expect(p.sku).toMatch(/^AUR-[A-Z]{3}-\d{3}$/);
      expect(p.imageUrl).toMatch(/^\/media\/art\/[a-z]+\/[0-9a-f]{6}\/[0-9a-f]{6}\/1\.svg$/);
      expect(p.images).toHaveLength(3);
      expect(p.images[0]).toBe(p.imageUrl);
      expect(p.priceCents).toBeGreaterThanOrEqual(890);
      expect(p.priceCents).toBeLessThanOrEqual(12900);
      expect(p.rating).toBeGreaterThanOrEqual(3.6);
      expect(p.rating).toBeLessThanOrEqual(4.9);
      expect(p.reviewCount).toBeGreaterThanOrEqual(3);
      expect(p.reviewCount).toBeLessThanOrEqual(600);
      expect(p.tags.length).toBeGreaterThan(0);
      expect(DEMO_BRANDS).toContain(p.brand);
    }
  });

  it("has products on sale with a genuine 10 to 40 % reduction", async () => {
    const discounted = (await allProducts()).filter((r) => r.product.originalPriceCents !== null);
    expect(discounted.length).toBeGreaterThanOrEqual(20);
    for (const { product: p } of discounted) {
      const pct = 1 - p.priceCents / (p.originalPriceCents as number);
      expect(pct).toBeGreaterThanOrEqual(0.1);
      expect(pct).toBeLessThanOrEqual(0.4);
    }
  });

  it("contains the words the search relies on", async () => {
    const rows = await allProducts();
    const names = (slug: string) => rows.filter((r) => r.slug === slug).map((r) => r.product.name);
    expect(names("soins-visage").some((n) => n.includes("Crème"))).toBe(true);
    expect(names("maquillage").some((n) => n.includes("Mascara"))).toBe(true);
    expect(names("parfums").filter((n) => n.startsWith("Eau de Parfum")).length).toBeGreaterThanOrEqual(3);
    expect(names("cheveux").some((n) => n.includes("Shampooing"))).toBe(true);
  });

  it("spreads creation dates over the last 120 days", async () => {
    const now = Date.now();
    const ages = (await allProducts()).map((r) => (now - r.product.createdAt.getTime()) / DAY_MS);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.min(...ages)).toBeLessThan(10);
    expect(Math.max(...ages)).toBeLessThanOrEqual(120);
    expect(Math.max(...ages)).toBeGreaterThan(90);
  });

  it("writes a truthful price history and an initial stock movement per product", async () => {
    const rows = await allProducts();
    const history = await handle.db.select().from(priceHistory);
    const moves = await handle.db.select().from(stockMovements);
    const now = Date.now();
    for (const { product: p } of rows) {
      const mine = history.filter((h) => h.productId === p.id).sort((a, b) => +a.recordedAt - +b.recordedAt);
      if (p.originalPriceCents === null) {
        expect(mine).toHaveLength(1);
        expect(mine[0].priceCents).toBe(p.priceCents);
        expect(mine[0].recordedAt.getTime()).toBe(p.createdAt.getTime());
      } else {
        expect(mine.map((h) => h.priceCents)).toEqual([p.originalPriceCents, p.priceCents]);
        expect(mine[0].originalPriceCents).toBeNull();
        expect(Math.round((now - mine[0].recordedAt.getTime()) / DAY_MS)).toBe(SEED_FULL_PRICE_DAYS_AGO);
        expect(Math.round((now - mine[1].recordedAt.getTime()) / DAY_MS)).toBe(SEED_DISCOUNT_DAYS_AGO);
        expect(p.createdAt.getTime()).toBeLessThan(mine[0].recordedAt.getTime());
      }
      const move = moves.filter((m) => m.productId === p.id);
      expect(move).toHaveLength(1);
      expect(move[0]).toMatchObject({ reason: "initial", delta: p.stockQuantity, resultingStock: p.stockQuantity });
    }
  });

  it("does not seed twice", async () => {
    const before = await handle.db.select({ total: count() }).from(products);
    expect(await seedDemoDataIfEmpty(handle.db)).toBe(false);
    const after = await handle.db.select({ total: count() }).from(products);
    expect(after[0].total).toBe(before[0].total);
    const cats = await handle.db.select({ total: count() }).from(categories);
    expect(cats[0].total).toBe(6);
  });
});
