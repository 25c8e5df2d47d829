import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { categories, products, searchLexicon } from "../../db/schema";
import { insertSeedProducts } from "../../db/seed/demo";
import { invalidateCatalogCaches, listProducts } from "./catalog.service";
import { correctSearchTerms } from "./search-lexicon.service";
import { suggestSearch } from "./search-suggest.service";

let handle: DatabaseHandle;
let lancomeId: string;

async function lexiconCount(word: string): Promise<number | undefined> {
  const [row] = await handle.db.select().from(searchLexicon).where(eq(searchLexicon.word, word));
  return row?.documents;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  const [visage] = await handle.db.select().from(categories).where(eq(categories.slug, "soins-visage"));
  const seeded = await handle.db.transaction((tx) =>
    insertSeedProducts(tx, [
      {
        name: "Crème Absolue Régénérante",
        description: "Une crème riche pour la nuit.",
        priceCents: 8900,
        categoryId: visage.id,
        brand: "Lancôme",
        sku: "TEST-LANC-1",
        stock: 5,
        tags: ["anti-âge"],
      },
      {
        name: "Sérum Quintessence Orchidée",
        description: "Un sérum léger.",
        priceCents: 6500,
        categoryId: visage.id,
        brand: "Lancôme",
        sku: "TEST-LANC-2",
        stock: 0,
        tags: ["éclat"],
      },
    ]),
  );
  lancomeId = seeded[0].id;
  invalidateCatalogCaches(handle.db);
});

afterAll(async () => {
  await handle?.close();
});

describe("search lexicon", () => {
  it("holds the catalogue's words unaccented, lower-case and counted per product, without numbers", async () => {
    expect(await lexiconCount("lancome")).toBe(2);
    expect(await lexiconCount("quintessence")).toBe(1);
    expect(await lexiconCount("orchidee")).toBe(1);
    expect(await lexiconCount("creme")).toBeGreaterThan(1);
    const [{ digits }] = await handle.db
      .select({ digits: sql<number>`count(*)::int` })
      .from(searchLexicon)
      .where(sql`${searchLexicon.word} !~ '[a-z]' OR ${searchLexicon.word} <> lower(unaccent(${searchLexicon.word}))`);
    expect(digits).toBe(0);
  });

  it("learns a new product's words at once, and forgets them when the product is renamed or deleted", async () => {
    const [visage] = await handle.db.select().from(categories).where(eq(categories.slug, "soins-visage"));
    const [row] = await handle.db.transaction((tx) =>
      insertSeedProducts(tx, [
        { name: "Baume Xylophène", priceCents: 1200, categoryId: visage.id, brand: "Maison Test", sku: "TEST-XYL-1", stock: 2 },
      ]),
    );
    expect(await lexiconCount("xylophene")).toBe(1);
    invalidateCatalogCaches(handle.db);
    const typo = await listProducts(handle.db, { search: "xylofene" });
    expect(typo.items.map((p) => p.id)).toEqual([row.id]);

    await handle.db.update(products).set({ name: "Baume Zanzibarine" }).where(eq(products.id, row.id));
    expect(await lexiconCount("xylophene")).toBeUndefined();
    expect(await lexiconCount("zanzibarine")).toBe(1);
    expect(await lexiconCount("baume")).toBeGreaterThan(0);
    invalidateCatalogCaches(handle.db);
    expect((await listProducts(handle.db, { search: "zanzibarinne" })).items.map((p) => p.id)).toEqual([row.id]);

    await handle.db.delete(products).where(eq(products.id, row.id));
    expect(await lexiconCount("zanzibarine")).toBeUndefined();
    expect(await lexiconCount("maison")).toBeGreaterThan(0);
  });

  it("is filled for a shop that already has products when the migration runs", async () => {
    const before = await handle.db.select().from(searchLexicon).orderBy(searchLexicon.word);
    expect(before.length).toBeGreaterThan(100);
    const migration = fs.readFileSync(path.resolve("drizzle/0012_search_lexicon_upkeep.sql"), "utf8");
    const fill = migration.split("--> statement-breakpoint").at(-1)!;
    expect(fill).toContain("INSERT INTO search_lexicon");
    await handle.db.transaction(async (tx) => {
      await tx.delete(searchLexicon);
      await tx.execute(sql.raw(fill));
    });
    expect(await handle.db.select().from(searchLexicon).orderBy(searchLexicon.word)).toEqual(before);
  });

  it("leaves the lexicon alone when only stock or price moves", async () => {
    const before = await lexiconCount("quintessence");
    await handle.db.update(products).set({ featured: true }).where(eq(products.sku, "TEST-LANC-2"));
    expect(await lexiconCount("quintessence")).toBe(before);
  });
});

describe("typo correction", () => {
  it("corrects misspelt words to the nearest catalogue word", async () => {
    expect((await correctSearchTerms(handle.db, ["cremme"]))?.terms).toEqual(["creme"]);
    expect((await correctSearchTerms(handle.db, ["lancom"]))?.terms).toEqual(["lancome"]);
    expect((await correctSearchTerms(handle.db, ["parfun"]))?.terms).toEqual(["parfum"]);
    expect((await correctSearchTerms(handle.db, ["serrum", "eclat"]))?.terms).toEqual(["serum", "eclat"]);
  });

  it("keeps known words, accents and plurals alike, a prefix being typed and short words", async () => {
    expect(await correctSearchTerms(handle.db, ["crème"])).toBeNull();
    expect(await correctSearchTerms(handle.db, ["CREME".toLowerCase()])).toBeNull();
    expect(await correctSearchTerms(handle.db, ["quintess"], { lastIsPrefix: true })).toBeNull();
    expect(await correctSearchTerms(handle.db, ["de"])).toBeNull();
    expect(await correctSearchTerms(handle.db, ["zzqqxx"])).toBeNull();
  });

  it("finds products through a misspelt word and names the corrected query with its accents", async () => {
    const cremme = await listProducts(handle.db, { search: "cremme absolue" });
    expect(cremme.matchedBy).toBe("fuzzy");
    expect(cremme.corrected_query).toBe("crème absolue");
    expect(cremme.items.map((p) => p.id)).toEqual([lancomeId]);

    const lancom = await listProducts(handle.db, { search: "lancme" });
    expect(lancom.corrected_query).toBe("lancôme");
    expect(lancom.total).toBe(2);

    const parfun = await listProducts(handle.db, { search: "parfun" });
    expect(parfun.matchedBy).toBe("fuzzy");
    expect(parfun.corrected_query).toBe("parfum");
    expect(parfun.total).toBeGreaterThan(0);
  });

  it("forgives accents and plurals without any correction", async () => {
    for (const search of ["creme absolue", "crèmes absolues", "CRÈME ABSOLUE"]) {
      const result = await listProducts(handle.db, { search });
      expect(result.matchedBy, search).toBe("fts");
      expect(result.corrected_query).toBeUndefined();
      expect(result.items.map((p) => p.id)).toEqual([lancomeId]);
    }
  });

  it("offers the corrected spelling when it finds nothing with the current filters", async () => {
    const result = await listProducts(handle.db, { search: "cremme absolue", category: "parfums" });
    expect(result.total).toBe(0);
    expect(result.suggestion).toBe("creme absolue");
  });
});

describe("suggestions", () => {
  it("suggests the brand and its products from a prefix or a typo", async () => {
    for (const q of ["lanc", "lancom", "LANCÔME", "lancme"]) {
      const s = await suggestSearch(handle.db, q);
      expect(
        s.brands.map((b) => b.name),
        q,
      ).toEqual(["Lancôme"]);
      expect(s.brands[0].url).toBe("/marque/lancome");
      expect(s.products.map((p) => p.name).sort(), q).toEqual(["Crème Absolue Régénérante", "Sérum Quintessence Orchidée"]);
    }
    const [first] = (await suggestSearch(handle.db, "lancom")).products;
    // The product in stock comes first.
    expect(first).toEqual({
      id: lancomeId,
      name: "Crème Absolue Régénérante",
      brand: "Lancôme",
      price_cents: 8900,
      image_url: null,
      url: `/product/${lancomeId}`,
    });
  });

  it("suggests categories without accents and at most 6 products for a broad word", async () => {
    const s = await suggestSearch(handle.db, "soin");
    expect(s.categories.map((c) => c.slug).sort()).toEqual(["soins-corps", "soins-visage"]);
    expect(s.categories[0].url).toMatch(/^\/category\/soins-/);
    expect((await suggestSearch(handle.db, "maquilage")).categories.map((c) => c.slug)).toEqual(["maquillage"]);
    const broad = await suggestSearch(handle.db, "cr");
    expect(broad.products).toHaveLength(6);
    expect(broad.brands.length).toBeLessThanOrEqual(3);
    const typo = await suggestSearch(handle.db, "cremme");
    expect(typo.corrected_query).toBe("creme");
    expect(typo.products.length).toBeGreaterThan(0);
  });

  it("answers nothing for one character, a 1,000-character text, SQL-like text or control characters, and never throws", async () => {
    const empty = { products: [], brands: [], categories: [], corrected_query: null };
    for (const q of [
      "",
      "l",
      "  a  ",
      "x".repeat(1000),
      "crème ".repeat(200),
      "'; DROP TABLE products; --",
      "%' UNION SELECT password FROM users --",
      "1' OR '1'='1",
      "\u0000lanc",
      "@@@###",
    ]) {
      expect(await suggestSearch(handle.db, q), JSON.stringify(q.slice(0, 40))).toEqual(empty);
    }
    const [{ total }] = await handle.db.select({ total: sql<number>`count(*)::int` }).from(products);
    expect(total).toBeGreaterThan(0);
  });
});
