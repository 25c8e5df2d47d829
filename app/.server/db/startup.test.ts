import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, sql } from "drizzle-orm";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { migrationsFolder, openDatabase, rowsOf, type DatabaseHandle } from "./client";
import { prepareDatabase } from "./index";
import { products } from "./schema";
import { buildDemoProducts } from "./seed/demo-data";
import { adminQuery, testDatabaseUrl, withDatabase } from "../../../tests/support/db";

/**
 * Three server processes starting at once on an empty database: on PostgreSQL three handles
 * (three pools, each lock on a connection of its own); PGlite is one process, so three starters
 * share its one handle.
 */
let handles: DatabaseHandle[] = [];
let drop: () => Promise<void> = async () => {};

beforeAll(async () => {
  const url = testDatabaseUrl();
  if (url) {
    const name = `aurore_startup_${process.pid}_${randomBytes(4).toString("hex")}`;
    await adminQuery(url, [`CREATE DATABASE ${name}`]);
    handles = await Promise.all([1, 2, 3].map(() => openDatabase({ kind: "postgres", url: withDatabase(url, name), poolSize: 4 })));
    drop = () => adminQuery(url, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
  } else {
    const handle = await openDatabase({ kind: "pglite" });
    handles = [handle, handle, handle];
  }
}, 180_000);

afterAll(async () => {
  for (const h of new Set(handles)) await h.close();
  await drop();
});

describe("start-up on an empty database", () => {
  it("three processes starting at once migrate it once and seed the demo once", async () => {
    await Promise.all(handles.map((h) => prepareDatabase(h, { seedDemoData: true })));
    const journal = JSON.parse(readFileSync(join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
    const applied = rowsOf<{ hash: string }>(await handles[0].db.execute(sql`SELECT hash FROM drizzle.__drizzle_migrations`));
    expect(applied).toHaveLength(journal.entries.length);
    expect(new Set(applied.map((m) => m.hash)).size).toBe(journal.entries.length);
    // The demo's catalogue once.
    const [{ total }] = await handles[0].db.select({ total: count() }).from(products);
    expect(total).toBe(buildDemoProducts().length);
    // A later start finds it all done.
    await prepareDatabase(handles[1], { seedDemoData: true });
    const [{ again }] = rowsOf<{ again: number }>(await handles[0].db.execute(sql`SELECT count(*)::int AS again FROM products`));
    expect(again).toBe(total);
  }, 180_000);
});
