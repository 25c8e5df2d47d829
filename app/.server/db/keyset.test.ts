import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { createTestDatabase } from "../../../tests/support/db";
import { rowsOf, type DatabaseHandle } from "./client";
import { keysetConditions, keysetOrder } from "./keyset";
import { brands, categories, orders, productVariants, products, promoCodes, returns, reviews, user } from "./schema";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

const LISTED: [string, PgTable, PgColumn, PgColumn][] = [
  ["products", products, products.updatedAt, products.id],
  ["product_variants", productVariants, productVariants.updatedAt, productVariants.id],
  ["categories", categories, categories.updatedAt, categories.id],
  ["brands", brands, brands.updatedAt, brands.id],
  ["orders", orders, orders.updatedAt, orders.id],
  ["returns", returns, returns.updatedAt, returns.id],
  ["user", user, user.updatedAt, user.id],
  ["promo_codes", promoCodes, promoCodes.updatedAt, promoCodes.id],
  ["reviews", reviews, reviews.updatedAt, reviews.id],
];

describe("keyset indexes", () => {
  it.each(LISTED)("a page of %s after a cursor is read in order from its keyset index", async (name, table, updatedAt, id) => {
    const window = {
      after: { updatedAt: new Date("2026-01-01T00:00:00.123Z"), id: name === "user" ? "u" : "00000000-0000-4000-8000-000000000000" },
      updatedSince: new Date("2025-01-01T00:00:00Z"),
    };
    const page = handle.db
      .select({ id })
      .from(table)
      .where(and(...keysetConditions(updatedAt, id, window)))
      .orderBy(...keysetOrder(updatedAt, id))
      .limit(51);
    const { sql: text, params } = page.toSQL();
    const inlined = text.replace(/\$(\d+)/g, (_, n: string) => {
      const value = params[Number(n) - 1];
      return typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
    });
    // The seeded tables are small enough for a sort to be cheaper: forbid both so the plan shows
    // whether the index matches the query's expression at all (a mismatch would still seq-scan and sort).
    const plan = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_sort = off`);
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      return rowsOf<{ "QUERY PLAN": string }>(await tx.execute(sql.raw(`EXPLAIN ${inlined}`)))
        .map((r) => r["QUERY PLAN"])
        .join("\n");
    });
    expect(plan).toContain(`Index Scan using ${name}_keyset_idx on ${name === "user" ? '"user"' : name}`);
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
