/**
 * The database half of a backup. PostgreSQL: `pg_dump --format=custom` (one consistent snapshot
 * by itself) and `pg_restore` in one transaction. PGlite: the data dir opened by this process
 * alone (its lock file refuses while the shop runs), archived with PGlite's own `dumpDataDir()`
 * and loaded back with `loadDataDir`, the pair the test databases already rely on.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrationsFolder, openDatabase, rowsOf, type Database } from "../db/client";
import { BackupError } from "./archive";

/** The tag of the last migration applied to `db` (null when none), read from drizzle's table. */
export async function lastMigrationTag(db: Database): Promise<string | null> {
  const exists = rowsOf<{ t: string | null }>(await db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS t`));
  if (!exists[0]?.t) return null;
  const rows = rowsOf<{ created_at: string | number }>(
    await db.execute(sql`SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`),
  );
  if (rows.length === 0) return null;
  const when = Number(rows[0].created_at);
  const entry = journal().find((e) => e.when === when);
  // A migration this code does not know: the database was made by a newer version.
  return entry?.tag ?? `unknown:${when}`;
}

export function journal(): { when: number; tag: string }[] {
  const file = path.join(migrationsFolder(), "meta", "_journal.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { entries: { when: number; tag: string }[] }).entries;
}

export function isKnownMigration(tag: string | null): boolean {
  return tag === null || journal().some((e) => e.tag === tag);
}

// ---------------------------------------------------------------- PostgreSQL

/** libpq reads the password from PGPASSWORD: it never appears in the process list. */
function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = "";
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { dbname: u.href, env };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < 8_000) stderr += chunk.toString("utf8");
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT"
          ? new BackupError(`${command} is not installed: install PostgreSQL's client tools (Debian: apt-get install postgresql-client).`)
          : error,
      );
    });
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

export async function dumpPostgres(url: string, file: string): Promise<void> {
  const { dbname, env } = libpqTarget(url);
  await run("pg_dump", ["--format=custom", "--compress=6", `--file=${file}`, `--dbname=${dbname}`], env);
}

/**
 * One transaction: a failure (a broken dump, a missing extension) leaves the database as it
 * was. Owners and grants are the target's: the backup may come from another server and role.
 * Comments are skipped: the shop's schema has none, and one on an extension needs its owner.
 */
export async function restorePostgres(url: string, file: string): Promise<void> {
  const { dbname, env } = libpqTarget(url);
  await run(
    "pg_restore",
    ["--single-transaction", "--exit-on-error", "--no-owner", "--no-privileges", "--no-comments", `--dbname=${dbname}`, file],
    env,
  );
}

async function withPgClient<T>(url: string, work: (client: import("pg").Client) => Promise<T>): Promise<T> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot connect to the database: ${(error as Error).message}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Tables in the shop's schemas: an empty database (just created) has none. */
export async function postgresTableCount(url: string): Promise<number> {
  return withPgClient(url, async (client) => {
    const res = await client.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM pg_catalog.pg_tables WHERE schemaname IN ('public', 'drizzle')`,
    );
    return Number(res.rows[0].n);
  });
}

export async function postgresLastMigration(url: string): Promise<string | null> {
  const handle = await openDatabase({ kind: "postgres", url, poolSize: 1 });
  try {
    return await lastMigrationTag(handle.db);
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------- PGlite

type PGliteClient = { dumpDataDir(compression: "gzip"): Promise<Blob> };

/** True when `dir` holds a PGlite database (PostgreSQL's PG_VERSION marks a data dir). */
export function isPgliteDataDir(dir: string): boolean {
  return fs.existsSync(path.join(dir, "PG_VERSION"));
}

/**
 * Opens the data dir in this process (refused while another process, the shop, holds its lock),
 * reads the last migration and writes PGlite's archive of the data dir to `file`.
 */
export async function dumpPglite(dataDir: string, file: string): Promise<{ lastMigration: string | null }> {
  if (!isPgliteDataDir(dataDir)) throw new BackupError(`No embedded database in ${dataDir}: nothing to back up (is DATA_DIR right?).`);
  const handle = await openPgliteForBackup(dataDir);
  try {
    const lastMigration = await lastMigrationTag(handle.db);
    const client = (handle.db as unknown as { $client: PGliteClient }).$client;
    const dump = await client.dumpDataDir("gzip");
    await fs.promises.writeFile(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    return { lastMigration };
  } finally {
    await handle.close();
  }
}

/** Loads PGlite's archive into `dataDir` (absent or empty), then checks it opens. */
export async function restorePglite(dataDir: string, file: string): Promise<{ lastMigration: string | null }> {
  const blob = new Blob([await fs.promises.readFile(file)]);
  const handle = await openPgliteForBackup(dataDir, blob);
  try {
    return { lastMigration: await lastMigrationTag(handle.db) };
  } finally {
    await handle.close();
  }
}

async function openPgliteForBackup(dataDir: string, loadDataDir?: Blob) {
  try {
    return await openDatabase({ kind: "pglite", dataDir, loadDataDir });
  } catch (error) {
    const message = (error as Error).message;
    if (/in use by process/.test(message)) throw new BackupError(message);
    throw error;
  }
}
