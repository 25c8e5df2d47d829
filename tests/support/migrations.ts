/**
 * Upgrade tests: a database migrated up to an older migration, filled the way the shop wrote
 * it then, and migrated to the latest schema.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { migrationsFolder, openDatabase, type DatabaseHandle } from "../../app/.server/db/client";
import { adminQuery, testDatabaseUrl, withDatabase } from "./db";

/** A copy of the migrations folder that stops at `lastTag`; remove it when done. */
export function migrationsUpTo(lastTag: string): string {
  const source = migrationsFolder();
  const journal = JSON.parse(fs.readFileSync(path.join(source, "meta", "_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  if (last < 0) throw new Error(`migration ${lastTag} not found`);
  const entries = journal.entries.slice(0, last + 1);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aurore-migrations-"));
  fs.mkdirSync(path.join(dir, "meta"));
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const e of entries) fs.copyFileSync(path.join(source, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

/** Applies the migrations of `folder` not yet applied. */
export async function migrateFrom(handle: DatabaseHandle, folder: string): Promise<void> {
  if (handle.kind === "postgres") {
    const { migrate: run } = await import("drizzle-orm/node-postgres/migrator");
    await run(handle.db as never, { migrationsFolder: folder });
  } else {
    const { migrate: run } = await import("drizzle-orm/pglite/migrator");
    await run(handle.db as never, { migrationsFolder: folder });
  }
}

export type UpgradedDatabase = { handle: DatabaseHandle; close(): Promise<void> };

/**
 * A database of its own (PGlite, or a new database on the server of TEST_DATABASE_URL), migrated
 * up to `lastOldTag`, filled by `fillTheOldWay` as the shop wrote it then, and migrated to the
 * latest schema. `close()` closes it and drops it.
 */
export async function upgradedDatabase(
  lastOldTag: string,
  fillTheOldWay: (handle: DatabaseHandle) => Promise<void>,
): Promise<UpgradedDatabase> {
  const url = testDatabaseUrl();
  let handle: DatabaseHandle;
  let drop = async () => {};
  if (url) {
    const name = `aurore_migr_${process.pid}_${randomBytes(4).toString("hex")}`;
    await adminQuery(url, [`CREATE DATABASE ${name}`]);
    handle = await openDatabase({ kind: "postgres", url: withDatabase(url, name), poolSize: 2 });
    drop = () => adminQuery(url, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
  } else {
    handle = await openDatabase({ kind: "pglite" });
  }
  const oldFolder = migrationsUpTo(lastOldTag);
  try {
    await migrateFrom(handle, oldFolder);
    await fillTheOldWay(handle);
    await migrateFrom(handle, migrationsFolder());
  } finally {
    fs.rmSync(oldFolder, { recursive: true, force: true });
  }
  return {
    handle,
    async close() {
      await handle.close();
      await drop();
    },
  };
}
