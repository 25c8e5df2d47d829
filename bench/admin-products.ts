/**
 * Gestion des Produits in the database: fills a throwaway PGlite with --products generated
 * products (100k by default) and times listAdminProducts (count + page of 20), the stock report
 * and the first chunk of the CSV, one query at a time. The HTTP side is the same loader shape
 * as bench:admin's orders page.
 *
 *   npx tsx bench/admin-products.ts [--products 100000 --runs 50]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { maintainDatabase, migrateDatabase, openDatabase } from "../app/.server/db/client";
import { seedDemoDataIfEmpty } from "../app/.server/db/seed/demo";
import { getStockReport, listAdminProducts, streamStockCsv } from "../app/.server/modules/catalog/products-admin.service";
import { DEFAULT_ADMIN_PRODUCT_QUERY, type AdminProductQuery } from "../app/domain/catalog/admin-products.schema";
import { seedBulkProducts } from "./seed-products";
import { percentiles, printTable, round } from "./lib";

const { values } = parseArgs({ options: { products: { type: "string", default: "100000" }, runs: { type: "string", default: "50" } } });
const count = Number(values.products);
const runs = Number(values.runs);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aurore-bench-products-"));
const handle = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
try {
  await migrateDatabase(handle);
  await seedDemoDataIfEmpty(handle.db);
  await seedBulkProducts(handle.db, count, { onProgress: (n) => process.stdout.write(`\r  ${n} products`) });
  process.stdout.write("\n");
  await maintainDatabase(handle);

  const q = (o: Partial<AdminProductQuery>): AdminProductQuery => ({ ...DEFAULT_ADMIN_PRODUCT_QUERY, ...o });
  const scenarios: [string, () => Promise<unknown>][] = [
    ["page 1 (newest, default)", () => listAdminProducts(handle.db, q({}))],
    ["page 1 (name)", () => listAdminProducts(handle.db, q({ sort: "name" }))],
    ["page 1 (price desc)", () => listAdminProducts(handle.db, q({ sort: "price", dir: "desc" }))],
    ["page 1 (stock)", () => listAdminProducts(handle.db, q({ sort: "stock" }))],
    ["page 50 (newest)", () => listAdminProducts(handle.db, q({ page: 50 }))],
    ["stock low", () => listAdminProducts(handle.db, q({ stock: "low" }))],
    ["stock out", () => listAdminProducts(handle.db, q({ stock: "out" }))],
    ["search 'creme'", () => listAdminProducts(handle.db, q({ search: "creme" }))],
    ["search 'rose' + low", () => listAdminProducts(handle.db, q({ search: "rose", stock: "low" }))],
    ["stock report (not remembered)", () => getStockReport(handle.db, { fresh: true })],
    [
      "CSV first 1000 rows",
      async () => {
        const it = streamStockCsv(handle.db, q({}));
        await it.next();
        await it.next();
        await it.return(undefined);
      },
    ],
  ];
  const rows: Record<string, unknown>[] = [];
  for (const [name, run] of scenarios) {
    await run();
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      await run();
      samples.push(performance.now() - start);
    }
    const p = percentiles(samples);
    rows.push({ scenario: name, "p50 ms": round(p.p50), "p95 ms": round(p.p95) });
  }
  console.log(`${count} generated products (${handle.label}), one query at a time:`);
  printTable(rows);
} finally {
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
