/**
 * Catalogue benchmark: for each size (10k and 100k products by default) it fills a throwaway
 * PGlite database, measures the search query in the database (and the naive ILIKE query for
 * comparison) for each class of term (narrow, broad, unaccented, misspelt), the header search's
 * suggestions and a filtered catalogue page with its facet counts, then starts the built shop on
 * it and loads the home, catalogue, search, filtered and product pages, GET /api/v1/products and
 * GET /api/v1/search/suggest (uncached) with autocannon (50 connections).
 *
 *   npm run bench:catalog [-- --sizes 10000,100000 --duration 10 --connections 50]
 *   npm run bench:catalog -- --database-url postgres://postgres@127.0.0.1:5432/postgres
 *     (same on a PostgreSQL server: a throwaway database aurore_bench_<size> is created there)
 *   npm run bench:catalog -- --sizes 100000 --reuse [--data-dir /tmp/aurore-bench]
 *     (keeps each size's database, PGlite in <data-dir>/<size> or aurore_bench_<size>, and only
 *     tops it up on the next run: seeding 100k products takes minutes)
 * Needs a build (npm run build).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { maintainDatabase, migrateDatabase, openDatabase } from "../app/.server/db/client";
import { seedDemoDataIfEmpty } from "../app/.server/db/seed/demo";
import {
  countProducts,
  invalidateCatalogCaches,
  listProducts,
  type ProductListInput,
} from "../app/.server/modules/catalog/catalog.service";
import { suggestSearch } from "../app/.server/modules/catalog/search-suggest.service";
import { compactFacetCells } from "../app/.server/modules/catalog/facets.service";
import { seedBulkProducts } from "./seed-products";
import { load, percentiles, printTable, round, startShop, type LoadResult } from "./lib";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "10000,100000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    "query-runs": { type: "string", default: "200" },
    "database-url": { type: "string" },
    /** Keep each size's database between runs (PGlite under --data-dir, or aurore_bench_<size>). */
    reuse: { type: "boolean", default: false },
    "data-dir": { type: "string" },
  },
});
const sizes = values.sizes!.split(",").map(Number);
const duration = Number(values.duration);
const connections = Number(values.connections);
const queryRuns = Number(values["query-runs"]);
const serverUrl = values["database-url"];

async function adminQuery(statement: string): Promise<void> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const u = new URL(serverUrl!);
  u.pathname = `/${name}`;
  return u.href;
}

const SEARCH_TERMS = ["creme", "parfum rose", "mascara", "serum eclat", "shampooing", "rouge levres", "vanille", "huile"];
/** Search terms by class: the typo tolerance must cost about what an exact search costs. */
const SEARCH_CLASSES: [string, string[]][] = [
  ["narrow", ["rose poudree", "serum eclat", "vernis", "brosse"]],
  ["broad", ["crème", "parfum", "huile"]],
  ["unaccented", ["creme", "eclat", "lumiere"]],
  ["misspelt", ["cremme", "parfun", "mascarra", "shampoing"]],
];
/** What a shopper has typed so far in the header search: prefixes, phrases, typos. */
const SUGGEST_TEXTS = ["cr", "cre", "crem", "creme h", "parf", "parfun", "mascarr", "rouge l", "celest", "celestne", "huile s", "sham"];

async function timeQueries(run: (term: string) => Promise<unknown>, terms = SEARCH_TERMS): Promise<ReturnType<typeof percentiles>> {
  for (const t of terms) await run(t); // warm up
  const samples: number[] = [];
  for (let i = 0; i < queryRuns; i++) {
    const term = terms[i % terms.length];
    const start = performance.now();
    await run(term);
    samples.push(performance.now() - start);
  }
  return percentiles(samples);
}

/**
 * Filtered catalogue pages as shoppers build them (one to four facets, multi-select, a category
 * or brand page, a search with filters). Brand slugs are the demo brands'.
 */
const FACET_QUERIES: ProductListInput[] = [
  {},
  { in_stock: true },
  { category: "soins-visage", price: ["20-50"] },
  { brand: ["maison-celestine", "atelier-ondine"], on_sale: true },
  { category: "maquillage", skin: ["grasse", "mixte"], rating: 4 },
  { brand: "nuit-doree", price: ["50-100", "plus-100"], in_stock: true, sort: "price_asc" },
  { skin: ["sensible"], on_sale: true, rating: 4, in_stock: true, page: 3 },
  { search: "creme", price: ["moins-20"], in_stock: true },
];
const FACET_PAGES = [
  "/products?in_stock=1",
  "/category/soins-visage?price=20-50",
  "/products?brand=maison-celestine&brand=atelier-ondine&on_sale=1",
  "/marque/nuit-doree?price=50-100&price=plus-100&in_stock=1",
];

async function timeFacets(db: Parameters<typeof listProducts>[0]): Promise<ReturnType<typeof percentiles>> {
  const samples: number[] = [];
  for (let i = 0; i < queryRuns + FACET_QUERIES.length; i++) {
    const query = FACET_QUERIES[i % FACET_QUERIES.length];
    // Uncached: every run counts from the database, the memo is dropped first.
    invalidateCatalogCaches(db);
    const start = performance.now();
    const result = await listProducts(db, query, { facets: true });
    const elapsed = performance.now() - start;
    if (!result.facets?.length) throw new Error(`no facets for ${JSON.stringify(query)}`);
    if (i >= FACET_QUERIES.length) samples.push(elapsed); // the first round warms up
  }
  return percentiles(samples);
}

if (!fs.existsSync("build/server/index.js")) {
  console.error("Build the shop first: npm run build");
  process.exit(1);
}

const summary: Record<string, unknown>[] = [];
for (const size of sizes) {
  // Seeding 100k products takes minutes: --reuse keeps the database and tops it up next time.
  const dataDir = values.reuse
    ? path.join(values["data-dir"] ?? path.join(os.tmpdir(), "aurore-bench"), String(size))
    : fs.mkdtempSync(path.join(os.tmpdir(), `aurore-bench-${size}-`));
  fs.mkdirSync(dataDir, { recursive: true });
  const pgName = `aurore_bench_${size}`;
  if (serverUrl && values.reuse) {
    await adminQuery(`CREATE DATABASE ${pgName}`).catch(() => undefined);
  } else if (serverUrl) {
    await adminQuery(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${pgName}`);
  }
  const handle = serverUrl
    ? await openDatabase({ kind: "postgres", url: databaseUrl(pgName) })
    : await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  console.log(`\n=== ${size} products (${handle.label})`);
  await migrateDatabase(handle);
  await seedDemoDataIfEmpty(handle.db);
  const existing = await countProducts(handle.db);
  const seedStart = Date.now();
  const toSeed = Math.max(size - existing, 0);
  await seedBulkProducts(handle.db, toSeed);
  // Seeding writes each product row once per variant (the roll-up trigger), leaving about three
  // dead rows for each live one: a search would read four times the pages a shop's table has.
  // A live shop's autovacuum reuses that space as it goes; a bulk load is compacted once.
  if (toSeed > 0) await handle.db.execute(sql`VACUUM FULL products, product_variants`);
  // What the shop's minute job does: the bulk load's facet deltas folded into one row per cell.
  await compactFacetCells(handle.db);
  await maintainDatabase(handle);
  if (serverUrl) await handle.db.execute(sql`VACUUM ANALYZE`);
  invalidateCatalogCaches(handle.db);
  console.log(`seeded ${await countProducts(handle.db)} products in ${round((Date.now() - seedStart) / 1000)} s`);

  // Remembered counts are dropped before each run: this is the database's own cost.
  const fts = await timeQueries((term) => {
    invalidateCatalogCaches(handle.db);
    return listProducts(handle.db, { search: term });
  });
  const naive = await timeQueries(async (term) => {
    const like = `%${term}%`;
    await handle.db.execute(sql`SELECT count(*) FROM products WHERE name ILIKE ${like} OR description ILIKE ${like}`);
    await handle.db.execute(
      sql`SELECT * FROM products WHERE name ILIKE ${like} OR description ILIKE ${like} ORDER BY created_at DESC LIMIT 24`,
    );
  });
  const facets = await timeFacets(handle.db);
  const byClass: { class: string; terms: string; matches: string; "p50 ms": number; "p95 ms": number; "p99 ms": number }[] = [];
  for (const [name, terms] of SEARCH_CLASSES) {
    const matches: string[] = [];
    for (const term of terms) {
      invalidateCatalogCaches(handle.db);
      const r = await listProducts(handle.db, { search: term });
      matches.push(`${r.totalIsLowerBound ? "> " : ""}${r.total}${r.corrected_query ? ` (${r.corrected_query})` : ""}`);
    }
    const t = await timeQueries((term) => {
      invalidateCatalogCaches(handle.db);
      return listProducts(handle.db, { search: term });
    }, terms);
    byClass.push({
      class: name,
      terms: terms.join(", "),
      matches: matches.join(", "),
      "p50 ms": round(t.p50),
      "p95 ms": round(t.p95),
      "p99 ms": round(t.p99),
    });
  }
  const suggest = await timeQueries((text) => suggestSearch(handle.db, text), SUGGEST_TEXTS);
  const [{ id: productId }] = (await listProducts(handle.db, { page_size: 1 })).items;
  await handle.close();
  console.log(`search in the database (count + page of 24): p50 ${round(fts.p50)} ms, p95 ${round(fts.p95)} ms, p99 ${round(fts.p99)} ms`);
  console.log("search in the database by class of term (count + page of 24, remembered counts dropped):");
  printTable(byClass);
  console.log(
    `suggestions in the database (${SUGGEST_TEXTS.join(", ")}): p50 ${round(suggest.p50)} ms, p95 ${round(suggest.p95)} ms, p99 ${round(suggest.p99)} ms`,
  );
  console.log(`naive ILIKE '%term%' (count + page): p50 ${round(naive.p50)} ms, p95 ${round(naive.p95)} ms`);
  console.log(`naive p95 / full-text p95 = ${round(naive.p95 / fts.p95, 2)}x`);
  console.log(
    `filtered catalogue page with facet counts in the database (uncached): p50 ${round(facets.p50)} ms, p95 ${round(facets.p95)} ms, p99 ${round(facets.p99)} ms`,
  );

  const shop = await startShop({ DATA_DIR: dataDir, SEED_DEMO_DATA: "false", DATABASE_URL: serverUrl ? databaseUrl(pgName) : "" });
  const targets: [string, string][] = [
    // The server's floor on this machine: a static answer through the same middleware stack.
    ["floor /robots.txt", "/robots.txt"],
    ["home /", "/"],
    ["catalogue /products?page=2", "/products?page=2"],
    ["search /products?search=creme", "/products?search=creme"],
    ["product /product/{id}", `/product/${productId}`],
    ["API /api/v1/products", "/api/v1/products?page=3"],
    ...FACET_PAGES.map((p, i): [string, string] => [`facets-${i + 1} ${p}`, p]),
  ];
  const results: LoadResult[] = [];
  const uncached: LoadResult[] = [];
  for (const [name, p] of targets) {
    await fetch(`${shop.url}${p}`); // warm
    // As an anonymous visitor (the shared page cache may answer) ...
    results.push(await load(name, `${shop.url}${p}`, { connections, duration }));
    // ... and forcing a full render and database round trip on every request.
    uncached.push(await load(name, `${shop.url}${p}`, { connections, duration, headers: { "cache-control": "no-cache" } }));
  }
  // Suggestions as the header search asks for them, every connection cycling through the texts,
  // never from the shared cache.
  const suggestPaths = SUGGEST_TEXTS.map((text) => `/api/v1/search/suggest?${new URLSearchParams({ q: text })}`);
  for (const path of suggestPaths) await fetch(`${shop.url}${path}`); // warm
  const suggestHttp = await load("suggest /api/v1/search/suggest", shop.url, {
    connections,
    duration,
    headers: { "cache-control": "no-cache" },
    paths: suggestPaths,
  });
  uncached.push(suggestHttp);
  await shop.stop();
  if (!values.reuse) fs.rmSync(dataDir, { recursive: true, force: true });
  if (serverUrl && !values.reuse) await adminQuery(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
  const show = (list: LoadResult[]) =>
    printTable(
      list.map((r) => ({
        name: r.name,
        "req/s": r.requestsPerSecond,
        "p50 ms": r.p50,
        "p95 ms": r.p95,
        "p99 ms": r.p99,
        errors: r.errors,
        non2xx: r.non2xx,
      })),
    );
  console.log(`HTTP as an anonymous visitor, ${connections} connections, ${duration} s each:`);
  show(results);
  console.log(`HTTP with the page cache bypassed (Cache-Control: no-cache), ${connections} connections:`);
  show(uncached);
  summary.push({
    products: size,
    "search p95 ms (db)": round(fts.p95),
    ...Object.fromEntries(byClass.map((c) => [`search ${c.class} p95 ms (db)`, c["p95 ms"]])),
    "suggest p95 ms (db)": round(suggest.p95),
    "naive p95 ms (db)": round(naive.p95),
    "naive/fts": round(naive.p95 / fts.p95, 2),
    "facets p95 ms (db)": round(facets.p95),
    ...Object.fromEntries(results.map((r) => [`${r.name.split(" ")[0]} p95 ms`, r.p95])),
    ...Object.fromEntries(uncached.map((r) => [`${r.name.split(" ")[0]} p95 ms uncached`, r.p95])),
    errors: [...results, ...uncached].reduce((n, r) => n + r.errors + r.non2xx, 0),
  });
}
console.log("\n=== summary");
printTable(summary);
