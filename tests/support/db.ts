import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "../../app/.server/db/client";
import { seedDemoData } from "../../app/.server/db/seed/demo";

/**
 * Test databases. PGlite by default; the PostgreSQL server when TEST_DATABASE_URL is set.
 * The migrated, seeded database is built once (global setup) and each test file gets its own
 * copy: a PGlite data dir loaded from a dump, or a PostgreSQL database cloned from a template.
 */
export const TEMPLATE_DUMP = path.resolve(".tmp", "test-template.tar.gz");
/**
 * The template is named after the test database, so two checkouts testing against one server
 * (each with its own TEST_DATABASE_URL database) never drop each other's template.
 */
export const PG_TEMPLATE_DB = `aurore_tpl_${(process.env.TEST_DATABASE_URL
  ? new URL(process.env.TEST_DATABASE_URL).pathname.slice(1)
  : "test"
).replace(/\W/g, "_")}`;

export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.href;
}

/** Runs statements on the server's `postgres` database (CREATE / DROP DATABASE). */
export async function adminQuery(url: string, statements: string[]): Promise<void> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: withDatabase(url, "postgres") });
  await client.connect();
  try {
    for (const s of statements) await client.query(s);
  } finally {
    await client.end();
  }
}

/** Global setup: build the template once per run. */
export async function prepareTemplate(): Promise<void> {
  const url = testDatabaseUrl();
  if (url) {
    await adminQuery(url, [`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DB} WITH (FORCE)`, `CREATE DATABASE ${PG_TEMPLATE_DB}`]);
    const handle = await openDatabase({ kind: "postgres", url: withDatabase(url, PG_TEMPLATE_DB), poolSize: 2 });
    await migrateDatabase(handle);
    await seedDemoData(handle.db);
    await handle.close();
    return;
  }
  fs.mkdirSync(path.dirname(TEMPLATE_DUMP), { recursive: true });
  const handle = await openDatabase({ kind: "pglite" });
  await migrateDatabase(handle);
  await seedDemoData(handle.db);
  const client = (handle.db as unknown as { $client: { dumpDataDir(c: "gzip"): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir("gzip");
  fs.writeFileSync(TEMPLATE_DUMP, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
}

/** A private, migrated and seeded database for one test file. Close it in afterAll. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = testDatabaseUrl();
  if (url) {
    const name = `aurore_test_${process.pid}_${randomBytes(4).toString("hex")}`;
    await adminQuery(url, [`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE_DB}`]);
    const handle = await openDatabase({ kind: "postgres", url: withDatabase(url, name), poolSize: 20 });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await adminQuery(url, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
      },
    };
  }
  const blob = new Blob([fs.readFileSync(TEMPLATE_DUMP)]);
  return openDatabase({ kind: "pglite", loadDataDir: blob });
}

export async function dropTemplate(): Promise<void> {
  const url = testDatabaseUrl();
  if (url) await adminQuery(url, [`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DB} WITH (FORCE)`]);
}
