/**
 * Checkout benchmark: the place-order workflow under concurrent shoppers, in one process on a
 * throwaway database (PGlite by default, or a PostgreSQL server with --database-url).
 *
 *   npm run bench:checkout [-- --shoppers 200 --rounds 3 --hot-stock 50]
 *   npm run bench:checkout -- --database-url postgres://postgres@127.0.0.1:5432/postgres
 *
 * Scenario "distinct": every shopper orders a different product at the same moment.
 * Scenario "hot": every shopper orders the same product, which has only --hot-stock units:
 * exactly that many orders must succeed, the stock must end at 0 and never go below.
 * Prints orders/s (successful orders over the wall time of the burst) and the latency of one
 * placeOrder call (p50/p95/p99, ms). The HTTP layer is not included (see bench:catalog for it).
 */
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { eq, inArray, sql } from "drizzle-orm";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "../app/.server/db/client";
import { orderItems, orders, products, productVariants } from "../app/.server/db/schema";
import { seedDemoDataIfEmpty } from "../app/.server/db/seed/demo";
import { SimulatedPaymentProvider } from "../app/.server/modules/payments/payment-provider";
import { isDomainError } from "../app/domain/errors";
import { placeOrder } from "../app/.server/workflows/place-order";
import { PlaceOrderSchema } from "../app/domain/checkout/checkout.schema";
import { APPROVED_CARD, CONTACT, createShopper, type TestShopper } from "../tests/support/shoppers";
import { seedBulkProducts } from "./seed-products";
import { percentiles, printTable, round } from "./lib";

const { values } = parseArgs({
  options: {
    shoppers: { type: "string", default: "200" },
    rounds: { type: "string", default: "3" },
    "hot-stock": { type: "string", default: "50" },
    "database-url": { type: "string" },
  },
});
const shopperCount = Number(values.shoppers);
const rounds = Number(values.rounds);
const hotStock = Number(values["hot-stock"]);
const serverUrl = values["database-url"];
const BENCH_DB = "aurore_bench_checkout";

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

async function openBenchDatabase(): Promise<DatabaseHandle> {
  if (!serverUrl) return openDatabase({ kind: "pglite" });
  await adminQuery(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${BENCH_DB}`);
  const u = new URL(serverUrl);
  u.pathname = `/${BENCH_DB}`;
  return openDatabase({ kind: "postgres", url: u.href, poolSize: 20 });
}

/** ok: the order was placed; otherwise refused (a domain error: out of stock, say). */
type Burst = { wallMs: number; latencies: number[]; results: { ok: boolean }[] };

async function burst(handle: DatabaseHandle, shoppers: TestShopper[], productFor: (i: number) => string): Promise<Burst> {
  const provider = new SimulatedPaymentProvider(handle.db);
  const latencies: number[] = [];
  const started = performance.now();
  const results = await Promise.all(
    shoppers.map(async (s, i) => {
      const t0 = performance.now();
      const result = await placeOrder(handle.db, {
        userId: s.id,
        idempotencyKey: randomUUID(),
        provider,
        request: PlaceOrderSchema.parse({
          address_id: s.addressId,
          contact: CONTACT,
          card: APPROVED_CARD,
          lines: [{ product_id: productFor(i), quantity: 1 }],
        }),
      }).then(
        () => ({ ok: true }),
        (error: unknown) => {
          if (isDomainError(error)) return { ok: false };
          throw error;
        },
      );
      latencies.push(performance.now() - t0);
      return result;
    }),
  );
  return { wallMs: performance.now() - started, latencies, results };
}

/** Stock lives on the variants; the product's stock is their roll-up. */
async function setStock(handle: DatabaseHandle, productIds: string[], stock: number): Promise<void> {
  await handle.db.update(productVariants).set({ stockQuantity: stock }).where(inArray(productVariants.productId, productIds));
}

async function main() {
  const handle = await openBenchDatabase();
  const engine = serverUrl ? "PostgreSQL" : "PGlite";
  try {
    await migrateDatabase(handle);
    await seedDemoDataIfEmpty(handle.db);
    // One-variant products only: an order line names a product alone only for those, and the
    // stock taken is that one variant's. Bulk products have 2.5 variants on average.
    const oneVariant = () => handle.db.select({ id: products.id }).from(products).where(eq(products.variantCount, 1)).orderBy(products.id);
    let all = await oneVariant();
    while (all.length < shopperCount * rounds + rounds) {
      await seedBulkProducts(handle.db, shopperCount * rounds + rounds - all.length);
      all = await oneVariant();
    }
    const shoppers: TestShopper[] = [];
    for (let i = 0; i < shopperCount; i++) shoppers.push(await createShopper(handle.db));
    console.log(`${engine}: ${all.length} products, ${shopperCount} shoppers, ${rounds} rounds per scenario`);

    const rows: Record<string, unknown>[] = [];
    for (let round_ = 0; round_ < rounds; round_++) {
      // Distinct products: plenty of stock, no contention on product rows.
      const slice = all.slice(round_ * shopperCount, (round_ + 1) * shopperCount).map((p) => p.id);
      await setStock(handle, slice, 100);
      const distinct = await burst(handle, shoppers, (i) => slice[i]);
      const okDistinct = distinct.results.filter((r) => r.ok).length;
      const pd = percentiles(distinct.latencies);
      rows.push({
        engine,
        scenario: "distinct",
        round: round_ + 1,
        orders: okDistinct,
        refused: shopperCount - okDistinct,
        "orders/s": round((okDistinct / distinct.wallMs) * 1000),
        "p50 ms": round(pd.p50),
        "p95 ms": round(pd.p95),
        "p99 ms": round(pd.p99),
        oversold: 0,
      });

      // One hot product with limited stock: exactly hotStock orders, never below zero.
      const hot = all[all.length - 1 - round_].id;
      await setStock(handle, [hot], hotStock);
      const contended = await burst(handle, shoppers, () => hot);
      const okHot = contended.results.filter((r) => r.ok).length;
      const [{ stock }] = await handle.db.select({ stock: products.stockQuantity }).from(products).where(eq(products.id, hot));
      const [{ sold }] = await handle.db
        .select({ sold: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(eq(orderItems.productId, hot));
      const ph = percentiles(contended.latencies);
      rows.push({
        engine,
        scenario: `hot (stock ${hotStock})`,
        round: round_ + 1,
        orders: okHot,
        refused: shopperCount - okHot,
        "orders/s": round((okHot / contended.wallMs) * 1000),
        "p50 ms": round(ph.p50),
        "p95 ms": round(ph.p95),
        "p99 ms": round(ph.p99),
        oversold: Math.max(0, Number(sold) - hotStock),
      });
      if (okHot !== Math.min(hotStock, shopperCount) || stock !== Math.max(0, hotStock - shopperCount) || Number(sold) !== okHot) {
        throw new Error(`hot product: ${okHot} orders, ${sold} sold, stock ${stock}: oversell or lost sale`);
      }
    }
    // One shopper at a time: the latency of placing an order without queueing behind others.
    const sequential: number[] = [];
    const provider = new SimulatedPaymentProvider(handle.db);
    const calm = all.slice(0, shopperCount).map((p) => p.id);
    await setStock(handle, calm, 100);
    const seqStarted = performance.now();
    for (let i = 0; i < shopperCount; i++) {
      const s = shoppers[i];
      const t0 = performance.now();
      await placeOrder(handle.db, {
        userId: s.id,
        idempotencyKey: randomUUID(),
        provider,
        request: PlaceOrderSchema.parse({
          address_id: s.addressId,
          contact: CONTACT,
          card: APPROVED_CARD,
          lines: [{ product_id: calm[i], quantity: 1 }],
        }),
      });
      sequential.push(performance.now() - t0);
    }
    const ps = percentiles(sequential);
    rows.push({
      engine,
      scenario: "sequential (1 at a time)",
      round: 1,
      orders: shopperCount,
      refused: 0,
      "orders/s": round((shopperCount / (performance.now() - seqStarted)) * 1000),
      "p50 ms": round(ps.p50),
      "p95 ms": round(ps.p95),
      "p99 ms": round(ps.p99),
      oversold: 0,
    });
    printTable(rows);
  } finally {
    await handle.close();
    if (serverUrl) await adminQuery(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
