/**
 * Reviews on a shop that had typed ratings: a database migrated up to 0021 holding the demo's
 * "AUR-PAR-001" with a typed 4.7 from 233 reviews and a shop product with typed figures, then
 * migrated to the latest schema. Every typed figure is gone; the demo product gets the demo's
 * generated reviews at start-up and its figures are theirs; the shop's own product keeps none.
 * Runs on PGlite, and on the PostgreSQL server when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { upgradedDatabase, type UpgradedDatabase } from "../../../tests/support/migrations";
import { seedDemoReviewsIfMissing } from "./seed/demo-reviews";
import { buildDemoProducts } from "./seed/demo-data";
import { rowsOf, type DatabaseHandle } from "./client";

const LAST_OLD_MIGRATION = "0021_payment_tokens_and_authentication";

let handle: DatabaseHandle;
let upgraded: UpgradedDatabase | undefined;

const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await handle.db.execute(q));
const demoSku = buildDemoProducts()[0].sku;

beforeAll(async () => {
  upgraded = await upgradedDatabase(LAST_OLD_MIGRATION, async (old) => {
    handle = old;
    await query(sql`
      INSERT INTO products (name, price_cents, sku, rating, review_count, images, tags)
      VALUES ('Démo', 4900, ${demoSku}, 4.7, 233, '{}', '{}'), ('Maison', 2900, 'SHOP-001', 4.9, 87, '{}', '{}')`);
  });
}, 120_000);

afterAll(async () => {
  await upgraded?.close();
}, 60_000);

type Figures = { sku: string; rating: number; review_count: number };
const figures = () => query<Figures>(sql`SELECT sku, rating::float AS rating, review_count FROM products ORDER BY sku`);

describe("upgrading a shop with typed ratings to reviews", () => {
  it("clears every typed rating and count", async () => {
    expect(await figures()).toEqual([
      { sku: demoSku, rating: 0, review_count: 0 },
      { sku: "SHOP-001", rating: 0, review_count: 0 },
    ]);
  });

  it("gives the demo's products their generated reviews once, and the shop's own products none", async () => {
    const made = await seedDemoReviewsIfMissing(handle.db, buildDemoProducts());
    expect(made).toBeGreaterThan(0);
    expect(await seedDemoReviewsIfMissing(handle.db, buildDemoProducts())).toBe(0);
    const [agg] = await query<{ n: number; avg: number }>(
      sql`SELECT count(*)::int AS n, round(avg(r.rating)::numeric, 1)::float AS avg FROM reviews r JOIN products p ON p.id = r.product_id WHERE p.sku = ${demoSku}`,
    );
    expect(await figures()).toEqual([
      { sku: demoSku, rating: agg.avg, review_count: agg.n },
      { sku: "SHOP-001", rating: 0, review_count: 0 },
    ]);
    expect(agg.n).toBe(made);
  });
});
