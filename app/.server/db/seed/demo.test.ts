import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, count, eq, sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { adminQuery, testDatabaseUrl, withDatabase } from "../../../../tests/support/db";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "../client";
import { brands, categories, priceHistory, products, productVariants, reviews, stockMovements } from "../schema";
import { SEED_DISCOUNT_DAYS_AGO, SEED_FULL_PRICE_DAYS_AGO, seedDemoCustomsIfMissing, seedDemoDataIfEmpty } from "./demo";
import { buildDemoProducts, DEMO_BRANDS } from "./demo-data";

const DAY_MS = 86_400_000;
let handle: DatabaseHandle;
let seededFirstTime: boolean;
let dropDatabase: () => Promise<void> = async () => {};

beforeAll(async () => {
  // An empty database (not the seeded test template): the seed itself is under test.
  const url = testDatabaseUrl();
  if (url) {
    const name = `aurore_seed_${process.pid}_${randomBytes(4).toString("hex")}`;
    await adminQuery(url, [`CREATE DATABASE ${name}`]);
    handle = await openDatabase({ kind: "postgres", url: withDatabase(url, name), poolSize: 2 });
    dropDatabase = () => adminQuery(url, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
  } else {
    handle = await openDatabase({ kind: "pglite" });
  }
  await migrateDatabase(handle);
  seededFirstTime = await seedDemoDataIfEmpty(handle.db);
}, 60_000);

afterAll(async () => {
  await handle?.close();
  await dropDatabase();
}, 60_000);

const allVariants = () => handle.db.select().from(productVariants).orderBy(asc(productVariants.productId), asc(productVariants.position));

function byProductId<T extends { productId: string }>(rows: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) out.set(r.productId, [...(out.get(r.productId) ?? []), r]);
  return out;
}

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
    const variants = await allVariants();
    expect(new Set(variants.map((v) => v.sku)).size).toBe(variants.length);
    for (const v of variants) expect(v.sku).toMatch(/^AUR-[A-Z]{3}-\d{3}(-\d{2,3})?$/);
    for (const { product: p } of rows) {
      expect(p.sku).toMatch(/^AUR-[A-Z]{3}-\d{3}$/);
      expect(p.imageUrl).toMatch(/^\/media\/art\/[a-z]+\/[0-9a-f]{6}\/[0-9a-f]{6}\/1\.svg$/);
      expect(p.images).toHaveLength(3);
      expect(p.images[0]).toBe(p.imageUrl);
      expect(p.priceCents).toBeGreaterThanOrEqual(890);
      expect(p.priceCents).toBeLessThanOrEqual(12900);
      expect(p.rating).toBeLessThanOrEqual(5);
      expect(p.reviewCount).toBeLessThanOrEqual(12);
      expect(p.tags.length).toBeGreaterThan(0);
      expect(DEMO_BRANDS).toContain(p.brand);
    }
  });

  it("ships generated reviews: every rating and count is that of published reviews, low ratings included, some products without any", async () => {
    const rows = await allProducts();
    const agg = await handle.db
      .select({
        productId: reviews.productId,
        n: sql<number>`count(*)::int`.mapWith(Number),
        avg: sql<number>`round(avg(${reviews.rating})::numeric, 1)`.mapWith(Number),
        low: sql<number>`count(*) FILTER (WHERE ${reviews.rating} <= 2)::int`.mapWith(Number),
      })
      .from(reviews)
      .where(eq(reviews.status, "published"))
      .groupBy(reviews.productId);
    const byProduct = new Map(agg.map((a) => [a.productId, a]));
    for (const { product: p } of rows) {
      const a = byProduct.get(p.id);
      expect([p.reviewCount, p.rating]).toEqual([a?.n ?? 0, a?.avg ?? 0]);
    }
    expect(rows.filter((r) => r.product.reviewCount === 0).length).toBeGreaterThan(0);
    expect(agg.reduce((sum, a) => sum + a.low, 0)).toBeGreaterThan(0);
    // Generated, not bought: no review claims to be verified.
    const [{ verified }] = await handle.db.select({ verified: sql<number>`count(${reviews.orderId})::int`.mapWith(Number) }).from(reviews);
    expect(verified).toBe(0);
  });

  it("has products on sale with a genuine 10 to 40 % reduction", async () => {
    const discounted = (await allProducts()).filter((r) => r.product.originalPriceCents !== null);
    expect(discounted.length).toBeGreaterThanOrEqual(20);
    for (const { product: p } of discounted) {
      const pct = 1 - p.priceCents / (p.originalPriceCents as number);
      expect(pct).toBeGreaterThanOrEqual(0.1);
      expect(pct).toBeLessThanOrEqual(0.4);
    }
    const onSale = (await allVariants()).filter((v) => v.originalPriceCents !== null);
    expect(onSale.length).toBeGreaterThan(discounted.length);
    for (const v of onSale) {
      const pct = 1 - v.priceCents / (v.originalPriceCents as number);
      expect(pct, v.sku).toBeGreaterThanOrEqual(0.1);
      expect(pct, v.sku).toBeLessThanOrEqual(0.4);
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

  it("writes a truthful price history and an initial stock movement per variant", async () => {
    const rows = await allProducts();
    const created = new Map(rows.map((r) => [r.product.id, r.product.createdAt]));
    const history = await handle.db.select().from(priceHistory);
    const moves = await handle.db.select().from(stockMovements);
    const now = Date.now();
    const variants = await allVariants();
    for (const v of variants) {
      const mine = history.filter((h) => h.variantId === v.id).sort((a, b) => +a.recordedAt - +b.recordedAt);
      expect(mine.every((h) => h.productId === v.productId)).toBe(true);
      const createdAt = created.get(v.productId) as Date;
      if (v.originalPriceCents === null) {
        expect(mine).toHaveLength(1);
        expect(mine[0].priceCents).toBe(v.priceCents);
        expect(mine[0].recordedAt.getTime()).toBe(createdAt.getTime());
      } else {
        expect(mine.map((h) => h.priceCents)).toEqual([v.originalPriceCents, v.priceCents]);
        expect(mine[0].originalPriceCents).toBeNull();
        expect(Math.round((now - mine[0].recordedAt.getTime()) / DAY_MS)).toBe(SEED_FULL_PRICE_DAYS_AGO);
        expect(Math.round((now - mine[1].recordedAt.getTime()) / DAY_MS)).toBe(SEED_DISCOUNT_DAYS_AGO);
        expect(createdAt.getTime()).toBeLessThan(mine[0].recordedAt.getTime());
      }
      const move = moves.filter((m) => m.variantId === v.id);
      expect(move).toHaveLength(1);
      expect(move[0]).toMatchObject({ productId: v.productId, reason: "initial", delta: v.stockQuantity, resultingStock: v.stockQuantity });
    }
    expect(history.filter((h) => h.variantId === null)).toEqual([]);
    expect(moves).toHaveLength(variants.length);
  });

  it("sells products in several sizes and shades", async () => {
    const expected = buildDemoProducts();
    const variants = await allVariants();
    expect(variants).toHaveLength(expected.reduce((n, p) => n + p.variants.length, 0));
    expect(variants.length).toBeGreaterThan(150);
    const byProduct = byProductId(variants);
    const rows = await allProducts();
    const named = (prefix: string) => rows.filter((r) => r.product.name.startsWith(prefix)).map((r) => byProduct.get(r.product.id) ?? []);

    // Perfumes in two or three sizes, with their net content and prices rising with the size.
    const perfumes = named("Eau de Parfum").filter((vs) => vs.length > 1);
    expect(perfumes.length).toBeGreaterThanOrEqual(8);
    for (const vs of perfumes) {
      expect(vs.length).toBeGreaterThanOrEqual(2);
      expect(vs.length).toBeLessThanOrEqual(3);
      expect(vs.every((v) => v.size === `${v.contentAmount} ml` && v.contentUnit === "ml" && v.label === v.size)).toBe(true);
      const prices = vs.map((v) => v.priceCents);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      expect(new Set(prices).size).toBe(prices.length);
    }

    // Foundations: 12+ shades on one, 40+ across them as the Maquillage page says, each with a
    // name and a swatch, one or two out of stock while the product stays on sale.
    const foundations = named("Fond de Teint");
    expect(Math.max(...foundations.map((vs) => vs.length))).toBeGreaterThanOrEqual(12);
    expect(foundations.flat().length).toBeGreaterThanOrEqual(40);
    const [maquillage] = await handle.db.select().from(categories).where(eq(categories.slug, "maquillage"));
    expect(maquillage.description).toContain("Plus de 40 teintes de fond de teint");
    for (const vs of foundations) {
      expect(vs.every((v) => v.shade && v.label === v.shade && /^#[0-9a-f]{6}$/.test(v.shadeHex ?? ""))).toBe(true);
      const out = vs.filter((v) => v.stockQuantity === 0).length;
      expect(out).toBeGreaterThanOrEqual(1);
      expect(out).toBeLessThanOrEqual(2);
    }
    for (const prefix of ["Rouge à Lèvres", "Vernis à Ongles"]) {
      const shaded = named(prefix);
      expect(shaded.length).toBeGreaterThan(0);
      for (const vs of shaded) expect(vs.filter((v) => v.shadeHex).length).toBeGreaterThanOrEqual(5);
    }

    // Creams: the 50 ml, sometimes with a 15 ml travel size.
    const creams = named("Crème").filter((vs) => vs.some((v) => v.size === "50 ml"));
    expect(creams.some((vs) => vs.length === 1)).toBe(true);
    expect(creams.filter((vs) => vs.map((v) => v.size).join() === "15 ml,50 ml").length).toBeGreaterThanOrEqual(2);

    // A product sold in one format keeps its own SKU for its only variant.
    for (const { product } of rows.filter((r) => r.product.variantCount === 1)) {
      expect(byProduct.get(product.id)?.[0].sku).toBe(product.sku);
    }
  });

  it("keeps every product's roll-ups equal to its variants", async () => {
    const rows = await allProducts();
    const byProduct = byProductId(await allVariants());
    for (const { product } of rows) {
      const vs = byProduct.get(product.id) ?? [];
      const cheapest = [...vs].sort((a, b) => a.priceCents - b.priceCents || a.position - b.position)[0];
      const stock = vs.reduce((n, v) => n + v.stockQuantity, 0);
      expect(product, product.name).toMatchObject({
        variantCount: vs.length,
        priceCents: cheapest.priceCents,
        originalPriceCents: cheapest.originalPriceCents,
        stockQuantity: stock,
        inStock: stock > 0,
      });
    }
    expect(rows.some(({ product }) => product.inStock && (byProduct.get(product.id) ?? []).some((v) => v.stockQuantity === 0))).toBe(true);
  });

  it("makes every brand a record with a slug and a description, and points products to it", async () => {
    const rows = await handle.db.select().from(brands).orderBy(asc(brands.name));
    expect(rows.map((b) => b.name).sort()).toEqual([...DEMO_BRANDS].sort());
    for (const b of rows) {
      expect(b.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect((b.description ?? "").length).toBeGreaterThan(40);
    }
    expect(rows.find((b) => b.name === "Éclat d'Opale")?.slug).toBe("eclat-d-opale");
    const brandName = new Map(rows.map((b) => [b.id, b.name]));
    for (const { product } of await allProducts()) expect(brandName.get(product.brandId ?? "")).toBe(product.brand);
  });

  it("fills ingredients and usage tips where they make sense", async () => {
    const rows = await allProducts();
    const cosmetics = rows.filter((r) => r.slug !== "accessoires");
    for (const { product } of cosmetics) {
      expect(product.ingredients, product.name).toMatch(/^[A-Z][^,]+(, [^,]+){3,}/);
      expect((product.usageTips ?? "").length, product.name).toBeGreaterThan(40);
    }
    const [perfume] = rows.filter((r) => r.product.name.startsWith("Eau de Parfum"));
    expect(perfume.product.ingredients).toContain("Parfum (Fragrance)");
    const [mirror] = rows.filter((r) => r.product.name === "Miroir de Poche Doré");
    expect(mirror.product.ingredients).toBeNull();
    const [{ withTips }] = await handle.db
      .select({ withTips: sql<number>`count(*)::int` })
      .from(products)
      .where(sql`${products.usageTips} IS NOT NULL`);
    expect(withTips).toBeGreaterThan(rows.length * 0.9);
  });

  it("weighs every product for its parcels: a 50 ml perfume about 350 g, a 100 ml about 500 g, a lipstick about 60 g", async () => {
    const rows = await handle.db.select({ name: products.name, weightGrams: products.weightGrams }).from(products);
    expect(rows.every((r) => r.weightGrams !== null && r.weightGrams >= 1 && r.weightGrams <= 30_000)).toBe(true);
    const weightOf = (name: string) => rows.find((r) => r.name === name)?.weightGrams;
    expect(weightOf("Eau de Parfum Ambre Nocturne")).toBe(500);
    expect(weightOf("Eau de Parfum Pivoine Rosée")).toBe(350);
    expect(weightOf("Rouge à Lèvres Mat Velours")).toBe(60);
    expect(weightOf("Crème de Nuit Régénérante")).toBe(250);
  });

  it("gives every product the customs code and origin of its CN23: perfumes 330300, lips 330410, most made in France", async () => {
    const rows = await handle.db
      .select({ name: products.name, hsCode: products.hsCode, originCountry: products.originCountry, taxClass: products.taxClass })
      .from(products);
    expect(rows.every((r) => r.hsCode !== null && /^[0-9]{6,10}$/.test(r.hsCode) && r.originCountry !== null)).toBe(true);
    expect(rows.every((r) => r.taxClass === "standard")).toBe(true);
    const of = (name: string) => rows.find((r) => r.name === name);
    expect(of("Eau de Parfum Ambre Nocturne")).toMatchObject({ hsCode: "330300", originCountry: "FR" });
    expect(of("Eau de Toilette Néroli Solaire")?.hsCode).toBe("330300");
    expect(of("Rouge à Lèvres Mat Velours")?.hsCode).toBe("330410");
    expect(of("Mascara Volume Extrême")?.hsCode).toBe("330420");
    expect(of("Crème de Nuit Régénérante")?.hsCode).toBe("330499");
    expect(of("Shampooing Réparateur à l'Argan")?.hsCode).toBe("330510");
    expect(of("Masque Nutrition Intense")?.hsCode).toBe("330590");
    expect(of("Déodorant Naturel Fleur de Coton")?.hsCode).toBe("330720");
    expect(of("Gel Douche Verveine Citron")?.hsCode).toBe("330730");
    expect(rows.filter((r) => r.originCountry === "FR").length).toBeGreaterThan(rows.length * 0.85);
  });

  it("fills an upgraded demo shop's missing customs facts at start-up, keeping those an administrator set", async () => {
    const [perfume, cream] = await Promise.all(
      ["Eau de Parfum Ambre Nocturne", "Crème de Nuit Régénérante"].map(
        async (name) => (await handle.db.select({ id: products.id }).from(products).where(eq(products.name, name)))[0],
      ),
    );
    await handle.db.update(products).set({ hsCode: null, originCountry: null }).where(eq(products.id, perfume.id));
    await handle.db.update(products).set({ hsCode: "33049900", originCountry: "CH" }).where(eq(products.id, cream.id));
    expect(await seedDemoDataIfEmpty(handle.db)).toBe(false);
    const read = async (id: string) =>
      (
        await handle.db.select({ hsCode: products.hsCode, originCountry: products.originCountry }).from(products).where(eq(products.id, id))
      )[0];
    expect(await read(perfume.id)).toEqual({ hsCode: "330300", originCountry: "FR" });
    expect(await read(cream.id)).toEqual({ hsCode: "33049900", originCountry: "CH" });
    expect(await seedDemoCustomsIfMissing(handle.db, buildDemoProducts())).toBe(0);
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
