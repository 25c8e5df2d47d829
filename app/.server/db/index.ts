import path from "node:path";
import { remember } from "~/lib/remember";
import { getEnv } from "../env";
import { maintainDatabase, migrateDatabase, openDatabase, type Database, type DatabaseHandle } from "./client";
import { log } from "../logger";

const MAINTENANCE_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** The advisory lock held around start-up's migrations, demo seed and maintenance (any fixed number, the same in every process). */
export const STARTUP_LOCK_ID = 20_260_038;

/**
 * Migrations, the demo data when the shop is empty, and maintenance: on PostgreSQL under one
 * advisory lock, so several server processes starting at once on an empty database migrate and
 * seed it once (the others wait, then find it done; decision 038).
 */
export async function prepareDatabase(handle: DatabaseHandle, options: { seedDemoData: boolean }): Promise<void> {
  const prepare = async () => {
    await migrateDatabase(handle);
    if (options.seedDemoData) {
      const { seedDemoDataIfEmpty } = await import("./seed/demo");
      await seedDemoDataIfEmpty(handle.db);
    }
    await maintainDatabase(handle);
  };
  await (handle.exclusively ? handle.exclusively(STARTUP_LOCK_ID, prepare) : prepare());
}

/**
 * The process-wide database, opened lazily once: migrations are applied and,
 * when the shop is empty, the demo data is loaded. Remembered so the dev
 * server's module reloads reuse the same connection (PGlite is single-process).
 */
const holder = remember<{ ready?: Promise<DatabaseHandle>; handle?: DatabaseHandle }>("database", () => ({}));

export function startDatabase(): Promise<DatabaseHandle> {
  holder.ready ??= (async () => {
    const env = getEnv();
    const handle = env.DATABASE_URL
      ? await openDatabase({ kind: "postgres", url: env.DATABASE_URL })
      : await openDatabase({ kind: "pglite", dataDir: path.join(env.dataDir, "pglite"), thread: env.PGLITE_THREAD !== "off" });
    await prepareDatabase(handle, { seedDemoData: env.SEED_DEMO_DATA === "true" });
    if (handle.kind === "pglite") {
      const timer = setInterval(() => {
        maintainDatabase(handle).catch((err) => log.error({ err }, "db: maintenance failed"));
      }, MAINTENANCE_INTERVAL_MS);
      timer.unref();
    }
    holder.handle = handle;
    return handle;
  })();
  return holder.ready;
}

export async function getDb(): Promise<Database> {
  if (holder.handle) return holder.handle.db;
  return (await startDatabase()).db;
}

export async function stopDatabase(): Promise<void> {
  const handle = holder.handle;
  holder.ready = undefined;
  holder.handle = undefined;
  await handle?.close();
}

/** The process-wide handle (for LISTEN subscriptions), opened on first use. */
export function getDatabaseHandle(): Promise<DatabaseHandle> {
  if (holder.handle) return Promise.resolve(holder.handle);
  return startDatabase();
}
