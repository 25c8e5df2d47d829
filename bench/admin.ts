/**
 * Back-office benchmark: fills a throwaway database with --products generated products and
 * --orders orders (100k each by default; orders generated in SQL batches: names, streets,
 * cities, phones, e-mails, one line each), starts the built shop on it, signs in as the
 * administrator and loads with autocannon (10 connections) the Gestion des Commandes page and
 * its JSON API (page 1, a status filter, a search by e-mail and by city) and the Gestion des
 * Produits page (page 1, a category, low stock, a search). The goal: p95 under 100 ms
 * (docs/decisions/019-back-office-page-speed.md).
 *
 *   npm run bench:admin [-- --products 100000 --orders 100000 --duration 10 --connections 10]
 *   npm run bench:admin -- --database-url postgres://postgres@127.0.0.1:5432/postgres
 *     (same on a PostgreSQL server: a throwaway database aurore_bench_admin is created there)
 *   --reuse keeps the seeded database for the next run (PostgreSQL: aurore_bench_admin is kept;
 *   PGlite: $TMPDIR/aurore-bench-admin-reuse) and skips seeding when it is already there;
 *   --only <text> runs only the HTTP scenarios whose name contains it.
 * Needs a build (npm run build).
 */
import { enrolTotp } from "../tests/support/http-session";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { asc, count, sql } from "drizzle-orm";
import { categories, products } from "../app/.server/db/schema";
import { maintainDatabase, migrateDatabase, openDatabase } from "../app/.server/db/client";
import { seedDemoDataIfEmpty } from "../app/.server/db/seed/demo";
import { computeDashboard, computeStatistics } from "../app/.server/modules/reporting/dashboard.service";
import { forgetAdminOrderCounts, listAdminOrders } from "../app/.server/modules/orders/orders-admin.service";
import { load, percentiles, printTable, round, startShop, type LoadResult } from "./lib";
import { seedBulkProducts } from "./seed-products";

const { values } = parseArgs({
  options: {
    products: { type: "string", default: "100000" },
    orders: { type: "string", default: "100000" },
    customers: { type: "string", default: "5000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    "query-runs": { type: "string", default: "100" },
    "database-url": { type: "string" },
    reuse: { type: "boolean", default: false },
    only: { type: "string" },
  },
});
const productCount = Number(values.products);
const orderCount = Number(values.orders);
const customerCount = Number(values.customers);
const duration = Number(values.duration);
const connections = Number(values.connections);
const queryRuns = Number(values["query-runs"]);
const serverUrl = values["database-url"];
const PG_NAME = "aurore_bench_admin";
const ADMIN = { email: "admin-bench@aurore.test", password: "AdminBench-Secret1!" };
const BATCH = 10_000;
const GOAL_P95_MS = 100;

async function adminQuery(statement: string, params: unknown[] = []): Promise<unknown[]> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(statement, params)).rows;
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const u = new URL(serverUrl!);
  u.pathname = `/${name}`;
  return u.href;
}

const list = (values: string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ")}]`;
const FIRST_NAMES = [
  "Marie",
  "Camille",
  "Léa",
  "Chloé",
  "Manon",
  "Inès",
  "Jade",
  "Louise",
  "Emma",
  "Zoé",
  "Hélène",
  "Sophie",
  "Julie",
  "Claire",
  "Anaïs",
  "Lucas",
  "Hugo",
  "Thomas",
  "Nicolas",
  "Antoine",
  "Élodie",
  "Margaux",
  "Océane",
];
const LAST_NAMES = [
  "Martin",
  "Bernard",
  "Dubois",
  "Thomas",
  "Robert",
  "Richard",
  "Petit",
  "Durand",
  "Leroy",
  "Moreau",
  "Simon",
  "Laurent",
  "Lefèvre",
  "Michel",
  "Garcia",
  "David",
  "Bertrand",
  "Roux",
  "Vincent",
  "Fournier",
  "Morel",
  "Girard",
  "André",
  "Mercier",
  "Dupont",
  "Lambert",
  "Bonnet",
  "François",
  "Martinez",
];
const STREETS = [
  "rue de la Paix",
  "avenue Victor Hugo",
  "boulevard Haussmann",
  "rue des Lilas",
  "place Bellecour",
  "rue Nationale",
  "cours Mirabeau",
  "rue du Faubourg",
  "allée des Roses",
  "quai de la Loire",
  "rue Sainte-Catherine",
  "avenue Jean Jaurès",
  "rue de la République",
  "chemin des Vignes",
  "impasse des Tilleuls",
  "rue Pasteur",
  "route de Lyon",
];
const CITIES: [string, string][] = [
  ["Paris", "75011"],
  ["Lyon", "69003"],
  ["Marseille", "13006"],
  ["Toulouse", "31000"],
  ["Nice", "06000"],
  ["Nantes", "44000"],
  ["Strasbourg", "67000"],
  ["Montpellier", "34000"],
  ["Bordeaux", "33000"],
  ["Lille", "59000"],
  ["Rennes", "35000"],
  ["Reims", "51100"],
  ["Le Havre", "76600"],
  ["Saint-Étienne", "42000"],
  ["Toulon", "83000"],
  ["Grenoble", "38000"],
  ["Dijon", "21000"],
  ["Angers", "49000"],
  ["Nîmes", "30000"],
  ["Besançon", "25000"],
  ["Clermont-Ferrand", "63000"],
  ["Brest", "29200"],
  ["Tours", "37000"],
  ["Amiens", "80000"],
  ["Limoges", "87000"],
  ["Annecy", "74000"],
  ["Perpignan", "66000"],
  ["Metz", "57000"],
  ["Orléans", "45000"],
  ["Rouen", "76000"],
  ["Caen", "14000"],
];
const STATUSES = ["pending", "confirmed", "processing", "shipped", "delivered", "cancelled", "returned"];

/** Customers and orders generated by the database itself: one INSERT ... SELECT per batch. */
async function seedOrders(db: Awaited<ReturnType<typeof openDatabase>>["db"]): Promise<void> {
  await db.execute(
    sql.raw(`INSERT INTO "user" (id, name, email)
      SELECT 'bench-user-' || i, 'Client ' || i, 'compte' || i || '@exemple.fr' FROM generate_series(0, ${customerCount - 1}) AS i
      ON CONFLICT DO NOTHING`),
  );
  for (let from = 0; from < orderCount; from += BATCH) {
    const to = Math.min(orderCount, from + BATCH) - 1;
    await db.execute(
      sql.raw(`INSERT INTO orders (order_number, user_id, status, payment_status, subtotal_cents, total_cents, shipping_address, metadata, created_at)
      SELECT 'BENCH-' || lpad(g::text, 7, '0'),
        'bench-user-' || (g % ${customerCount}),
        (${list(STATUSES)})[1 + g % ${STATUSES.length}],
        'paid',
        1000 + (g * 7919) % 20000,
        1000 + (g * 7919) % 20000,
        jsonb_build_object(
          'first_name', (${list(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}],
          'last_name', (${list(LAST_NAMES)})[1 + g % ${LAST_NAMES.length}],
          'company', CASE WHEN g % 10 = 0 THEN 'Institut ' || (${list(LAST_NAMES)})[1 + (g / 7) % ${LAST_NAMES.length}] END,
          'street', (1 + g % 150) || ' ' || (${list(STREETS)})[1 + g % ${STREETS.length}],
          'city', (${list(CITIES.map((c) => c[0]))})[1 + g % ${CITIES.length}],
          'postal_code', (${list(CITIES.map((c) => c[1]))})[1 + g % ${CITIES.length}],
          'country', 'France',
          'phone', '06 ' || lpad(((g * 37) % 100)::text, 2, '0') || ' ' || lpad(((g * 53) % 100)::text, 2, '0') || ' ' || lpad(((g * 71) % 100)::text, 2, '0') || ' ' || lpad((g % 100)::text, 2, '0')
        ),
        jsonb_build_object('customer_info', jsonb_build_object(
          'email', 'client' || (g % ${customerCount}) || '@exemple.fr',
          'name', (${list(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}] || ' ' || (${list(LAST_NAMES)})[1 + g % ${LAST_NAMES.length}],
          'phone', '06 00 00 00 00')),
        now() - make_interval(mins => g)
      FROM generate_series(${from}, ${to}) AS g`),
    );
    await db.execute(
      sql.raw(`WITH p AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(name ORDER BY id) AS names, array_agg(price_cents ORDER BY id) AS prices, count(*)::int AS n FROM products)
      INSERT INTO order_items (order_id, product_id, quantity, unit_price_cents, total_price_cents, product_snapshot)
      SELECT o.id, p.ids[k], q, p.prices[k], q * p.prices[k],
        jsonb_build_object('name', p.names[k], 'price_cents', p.prices[k], 'brand', NULL, 'image_url', NULL)
      FROM orders o CROSS JOIN p
      CROSS JOIN LATERAL (SELECT 1 + (substr(o.order_number, 7)::int % p.n) AS k, 1 + substr(o.order_number, 7)::int % 3 AS q) AS pick
      WHERE o.order_number BETWEEN 'BENCH-${String(from).padStart(7, "0")}' AND 'BENCH-${String(to).padStart(7, "0")}'`),
    );
    process.stdout.write(`\r  ${to + 1} orders`);
  }
  process.stdout.write("\n");
}

if (!fs.existsSync("build/server/index.js")) {
  console.error("Build the shop first: npm run build");
  process.exit(1);
}

const reuse = values.reuse;
const dataDir = reuse ? path.join(os.tmpdir(), "aurore-bench-admin-reuse") : fs.mkdtempSync(path.join(os.tmpdir(), "aurore-bench-admin-"));
fs.mkdirSync(dataDir, { recursive: true });
if (serverUrl) {
  const exists = reuse && (await adminQuery("SELECT 1 FROM pg_database WHERE datname = $1", [PG_NAME])).length === 1;
  if (!exists) {
    await adminQuery(`DROP DATABASE IF EXISTS ${PG_NAME} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${PG_NAME}`);
  }
}
const handle = serverUrl
  ? await openDatabase({ kind: "postgres", url: databaseUrl(PG_NAME) })
  : await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
console.log(`=== ${productCount} products, ${orderCount} orders (${handle.label})`);
await migrateDatabase(handle);
const seeded = reuse && (await listAdminOrders(handle.db, { pageSize: 1 })).total >= orderCount;
const seedStart = Date.now();
if (!seeded) {
  await seedDemoDataIfEmpty(handle.db);
  await seedBulkProducts(handle.db, productCount, { onProgress: (n) => process.stdout.write(`\r  ${n} products`) });
  process.stdout.write("\n");
  await seedOrders(handle.db);
  await maintainDatabase(handle);
  if (serverUrl) await handle.db.execute(sql`VACUUM ANALYZE`);
}
const { total: n } = await listAdminOrders(handle.db, { pageSize: 1 });
const [{ p }] = await handle.db.select({ p: count() }).from(products);
const [{ category }] = await handle.db.select({ category: categories.id }).from(categories).orderBy(asc(categories.name)).limit(1);
console.log(`seeded ${p} products and ${n} orders in ${round((Date.now() - seedStart) / 1000)} s`);

const EMAIL = `client${1234 % customerCount}@exemple.fr`;
const CITY = "besancon";
const scenarios: { name: string; input: Parameters<typeof listAdminOrders>[1]; query: string }[] = [
  { name: "page 1", input: {}, query: "" },
  { name: "page 50", input: { page: 50 }, query: "?page=50" },
  { name: "status shipped", input: { status: "shipped" }, query: "?status=shipped" },
  { name: "search e-mail", input: { search: EMAIL }, query: `?search=${encodeURIComponent(EMAIL)}` },
  { name: "search city", input: { search: CITY }, query: `?search=${CITY}` },
  { name: "search city + status", input: { search: CITY, status: "delivered" }, query: `?search=${CITY}&status=delivered` },
];

// The database's own cost (count + one page), one query at a time, remembered counts dropped.
const inDb: Record<string, unknown>[] = [];
for (const s of scenarios) {
  const first = await listAdminOrders(handle.db, s.input);
  const samples: number[] = [];
  for (let i = 0; i < queryRuns; i++) {
    forgetAdminOrderCounts(handle.db);
    const start = performance.now();
    await listAdminOrders(handle.db, s.input);
    samples.push(performance.now() - start);
  }
  const p = percentiles(samples);
  inDb.push({ scenario: s.name, matches: first.total, "p50 ms": round(p.p50), "p95 ms": round(p.p95) });
}
// Tableau de bord and Statistiques: every aggregate, uncached (the pages remember them 10 s).
const figures: Record<string, unknown>[] = [];
for (const [name, compute] of [
  ["Tableau de bord", () => computeDashboard(handle.db)],
  ["Statistiques", () => computeStatistics(handle.db)],
] as const) {
  await compute();
  const samples: number[] = [];
  for (let i = 0; i < Math.min(queryRuns, 20); i++) {
    const start = performance.now();
    await compute();
    samples.push(performance.now() - start);
  }
  const p = percentiles(samples);
  figures.push({ page: name, "p50 ms": round(p.p50), "p95 ms": round(p.p95) });
}
await handle.close();
console.log("listAdminOrders in the database (count + page of 20), one at a time:");
printTable(inDb);
console.log("Dashboard figures computed in the database, uncached, one at a time:");
printTable(figures);

const shop = await startShop({
  DATA_DIR: dataDir,
  SEED_DEMO_DATA: "false",
  DATABASE_URL: serverUrl ? databaseUrl(PG_NAME) : "",
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
});
try {
  const signIn = await fetch(`${shop.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: shop.url },
    body: JSON.stringify(ADMIN),
  });
  if (!signIn.ok) throw new Error(`admin sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const passwordCookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
  // The owner enrols in two-factor before the back-office serves it (decision 066).
  const { cookie } = await enrolTotp(shop.url, passwordCookie, ADMIN.password);
  const headers = { cookie };

  // A fresh process runs its first requests unoptimised: two seconds of load, not measured.
  await load("warm-up", `${shop.url}/admin/commandes`, { connections, duration: 2, headers });
  const results: LoadResult[] = [];
  const run = async (name: string, pathAndQuery: string) => {
    if (values.only && !name.includes(values.only)) return;
    const url = `${shop.url}${pathAndQuery}`;
    const warm = await fetch(url, { headers });
    if (warm.status !== 200) throw new Error(`${url}: ${warm.status}`);
    results.push(await load(name, url, { connections, duration, headers }));
  };
  // Three ways in: the whole page (a first visit or a reload), the page's data as the browser
  // fetches it when the administrator pages, filters or searches (single fetch: the page's
  // loader only; neither the root nor the back-office frame reloads), and the JSON API.
  const navigation = (pathname: string, query: string, route: string) =>
    `${pathname}.data${query ? `${query}&` : "?"}_routes=${encodeURIComponent(route)}`;
  for (const s of scenarios) {
    await run(`orders page ${s.name}`, `/admin/commandes${s.query}`);
    await run(`orders navigation ${s.name}`, navigation("/admin/commandes", s.query, "routes/admin/orders"));
    await run(`orders API ${s.name}`, `/api/v1/admin/orders${s.query}`);
  }
  for (const [name, query] of [
    ["page 1", ""],
    ["category", `?category=${category}`],
    ["low stock", "?stock=low"],
    ["search 'creme'", "?search=creme"],
    ["search + low stock", "?search=rose&stock=low"],
  ]) {
    await run(`products page ${name}`, `/admin/produits${query}`);
    await run(`products navigation ${name}`, navigation("/admin/produits", query, "routes/admin/products"));
  }
  console.log(`HTTP as the administrator, ${connections} connections, ${duration} s each (goal: p95 < ${GOAL_P95_MS} ms):`);
  printTable(
    results.map((r) => ({
      name: r.name,
      "req/s": r.requestsPerSecond,
      "p50 ms": r.p50,
      "p95 ms": r.p95,
      "p99 ms": r.p99,
      errors: r.errors,
      non2xx: r.non2xx,
      goal: r.p95 < GOAL_P95_MS ? "ok" : "MISSED",
    })),
  );
} finally {
  await shop.stop();
  if (!reuse) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (serverUrl) await adminQuery(`DROP DATABASE IF EXISTS ${PG_NAME} WITH (FORCE)`);
  }
}
