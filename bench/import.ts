/**
 * Catalogue import at size (docs/decisions/051-catalogue-import-export.md): a CSV of --products
 * new products (10,000 by default) with 2 or 3 variants each (25,000 variants), previewed then
 * imported in one transaction; then the catalogue's own export is imported back (nothing
 * changes). Runs on a throwaway PGlite, and on PostgreSQL when TEST_DATABASE_URL (or --pg) names
 * a server (a throwaway database is created and dropped). Target: under 60 s each.
 *
 *   npm run bench:import [-- --products 10000 --pg postgres://postgres@127.0.0.1:5432/postgres]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "../app/.server/db/client";
import { seedDemoDataIfEmpty } from "../app/.server/db/seed/demo";
import { categories } from "../app/.server/db/schema";
import { streamStockCsv } from "../app/.server/modules/catalog/products-admin.service";
import { importCatalog, previewCatalogImport } from "../app/.server/workflows/import-catalog";
import { CATALOG_CSV_HEADER } from "../app/domain/catalog/catalog-csv";
import { DEFAULT_ADMIN_PRODUCT_QUERY } from "../app/domain/catalog/admin-products.schema";
import { toCsv } from "../app/lib/csv";
import { printTable, round } from "./lib";

const { values } = parseArgs({ options: { products: { type: "string", default: "10000" }, pg: { type: "string" } } });
const productCount = Number(values.products);
const pgUrl = values.pg ?? process.env.TEST_DATABASE_URL;

async function generatedCsv(handle: DatabaseHandle): Promise<{ bytes: Uint8Array; variants: number }> {
  const cats = await handle.db.select({ name: categories.name }).from(categories);
  const rows: (string | number)[][] = [];
  for (let p = 0; p < productCount; p++) {
    const variants = p % 2 === 0 ? 2 : 3;
    for (let v = 0; v < variants; v++) {
      rows.push([
        `BENCH-${p}`,
        `Soin bench ${p} éclat`,
        "",
        cats[p % cats.length].name,
        `${(v + 1) * 15} ml`,
        `BENCH-${p}-${v}`,
        `${10 + (p % 90)},${v}0`,
        "",
        (p * 7 + v) % 40,
        "",
        "",
      ]);
    }
  }
  return { bytes: new TextEncoder().encode(toCsv(CATALOG_CSV_HEADER, rows)), variants: rows.length };
}

async function exportedCsv(handle: DatabaseHandle): Promise<Uint8Array> {
  let text = "";
  for await (const chunk of streamStockCsv(handle.db, DEFAULT_ADMIN_PRODUCT_QUERY)) text += chunk;
  return new TextEncoder().encode(text);
}

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await run();
  return [result, round((performance.now() - started) / 1000, 2)];
}

async function bench(label: string, handle: DatabaseHandle): Promise<(string | number)[][]> {
  await migrateDatabase(handle);
  await seedDemoDataIfEmpty(handle.db);
  const { bytes, variants } = await generatedCsv(handle);
  console.log(`${label}: ${productCount} products, ${variants} variants, CSV ${round(bytes.byteLength / 1024 / 1024)} MB`);
  const who = { actorUserId: null, actor: { id: null, label: "bench" } };
  const [preview, previewS] = await timed(() => previewCatalogImport(handle.db, { csv: bytes }));
  const [created, importS] = await timed(() => importCatalog(handle.db, { csv: bytes }, who));
  if (!created.applied || created.preview.counts.create !== variants)
    throw new Error(`import not applied: ${JSON.stringify(created.preview.counts)}`);
  const exported = await exportedCsv(handle);
  const [again, roundTripS] = await timed(() => importCatalog(handle.db, { csv: exported }, who));
  if (again.preview.counts.update + again.preview.counts.create !== 0)
    throw new Error(`round-trip changed: ${JSON.stringify(again.preview.counts)}`);
  return [
    [label, "preview (10k products, new)", preview.counts.lines, previewS],
    [label, "import (create, one transaction)", created.preview.counts.create, importS],
    [label, "re-import of the export (unchanged)", again.preview.counts.unchanged, roundTripS],
  ];
}

const rows: (string | number)[][] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aurore-bench-import-"));
const lite = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
try {
  rows.push(...(await bench("PGlite", lite)));
} finally {
  await lite.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (pgUrl) {
  const name = `aurore_bench_import_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const server = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 5 });
  try {
    rows.push(...(await bench("PostgreSQL", server)));
  } finally {
    await server.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  }
} else {
  console.log("PostgreSQL skipped: set TEST_DATABASE_URL or pass --pg URL.");
}

printTable(rows.map(([database, step, lines, seconds]) => ({ database, step, lines, seconds })));
