import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import { openThreadedPGlite, pgliteWorkerScript, type ThreadedPGlite } from "./pglite-thread";
import { log } from "../logger";
import { noteDatabaseFailure } from "./availability";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction: services accept either. */
export type Executor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The rows of a raw `execute`: node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf<T>(res: unknown): T[] {
  if (Array.isArray(res)) return res as T[];
  return ((res as { rows?: T[] }).rows ?? []) as T[];
}

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Human description for logs, never including a password. */
  label: string;
  /**
   * Subscribes to a PostgreSQL NOTIFY channel. Notifications are transactional: a
   * `pg_notify` inside a transaction is delivered only when it commits. On a PostgreSQL
   * server one dedicated connection per process listens, so every server process sharing
   * the database hears every notification. Returns the unsubscribe function. `onState` hears
   * when that connection is lost (false: notifications may be missed until it is back) and back
   * (true); PGlite's never drops.
   */
  listen(channel: string, handler: (payload: string) => void, onState?: (listening: boolean) => void): Promise<() => Promise<void>>;
  /**
   * Runs `fn` while holding `pg_advisory_lock(lockId)` on a connection of its own (not the pool,
   * whose connections change between queries): one process at a time across every process on
   * the database, released when `fn` ends or the process dies. PGlite is one process: its calls
   * wait for each other in turn.
   */
  exclusively?<T>(lockId: number, fn: () => Promise<T>): Promise<T>;
  /** The connection pool's use, for /metrics (PostgreSQL only: PGlite has one connection, no pool). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  | {
      kind: "pglite";
      dataDir?: string;
      loadDataDir?: Blob | File;
      /**
       * Runs PGlite on a worker thread (pglite-thread.ts, decision 020): the server does, so the
       * database and page rendering use two cores. Tests and scripts keep it in process.
       */
      thread?: boolean;
    };

/** Locates the committed SQL migrations both from source (tests, dev) and from the built server. */
export function migrationsFolder(): string {
  const candidates = [path.resolve(process.cwd(), "drizzle"), path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle")];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, "meta", "_journal.json")));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(", ")})`);
  return found;
}

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return `PostgreSQL ${u.host}${u.pathname}`;
  } catch {
    return "PostgreSQL";
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === "postgres") {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    // Dates come back as strings from "date" columns; timestamps as Date objects (pg default).
    // A server that is down or unreachable fails a request within seconds (a 503, decision 039)
    // instead of leaving it waiting for the operating system's TCP timeout; keep-alive notices a
    // connection that died silently. The pool opens fresh connections once the server is back.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    pool.on("error", (err) => log.error({ err }, "db: idle client error"));
    // The pool listens for errors of idle connections only: a connection that dies while checked
    // out (a transaction between two statements) would emit an 'error' nobody handles, and that
    // ends the process. Its statements fail on their own (and the pool drops it on release).
    pool.on("connect", (client) => client.on("error", (err) => log.error({ err }, "db: connection lost while in use")));
    observeFailures(pool);
    const db = drizzle(pool, { schema }) as unknown as Database;
    const listener = createPgListener(pg, options.url);
    return {
      db,
      kind: "postgres",
      label: redactUrl(options.url),
      listen: listener.listen,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      exclusively: async (lockId, fn) => {
        const client = new pg.Client({ connectionString: options.url });
        await client.connect();
        try {
          await client.query("SELECT pg_advisory_lock($1)", [lockId]);
          return await fn();
        } finally {
          // Ending the connection releases the lock even if the unlock fails.
          await client.query("SELECT pg_advisory_unlock($1)", [lockId]).catch(() => {});
          await client.end().catch(() => {});
        }
      },
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  const { drizzle } = await import("drizzle-orm/pglite");
  const releaseLock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  const workerScript = options.thread && !options.loadDataDir ? pgliteWorkerScript() : null;
  if (workerScript) {
    let threaded: ThreadedPGlite;
    try {
      threaded = await openThreadedPGlite({ dataDir: options.dataDir, script: workerScript });
    } catch (error) {
      releaseLock();
      throw error;
    }
    const db = drizzle({ client: threaded as never, schema }) as unknown as Database;
    return {
      db,
      kind: "pglite",
      listen: (channel, handler) => threaded.listen(channel, handler),
      exclusively: oneAtATime(),
      label: options.dataDir ? `PGlite (embedded, own thread) in ${options.dataDir}` : "PGlite (embedded, own thread, in memory)",
      close: async () => {
        await threaded.close();
        releaseLock();
      },
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm, unaccent },
  });
  const db = drizzle(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    listen: (channel, handler) => client.listen(channel, handler),
    exclusively: oneAtATime(),
    label: options.dataDir ? `PGlite (embedded) in ${options.dataDir}` : "PGlite (embedded, in memory)",
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

/** How long opening a PostgreSQL connection may take before the request fails (decision 039). */
export const PG_CONNECT_TIMEOUT_MS = 3_000;
/** PGlite's `exclusively`: one process, so the lock is a queue of this handle's callers (whatever the lock id). */
function oneAtATime(): <T>(lockId: number, fn: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (_lockId, fn) => {
    const turn = last.then(fn, fn);
    last = turn.catch(() => {});
    return turn;
  };
}

type PgModule = typeof import("pg").default;
const LISTEN_RECONNECT_MS = 1_000;
const LISTEN_RECONNECT_MAX_MS = 10_000;

/**
 * One LISTEN connection shared by every subscriber of the process, opened on the first
 * subscription and re-opened (re-issuing its LISTENs) if the server drops it, retrying every
 * second until it is back.
 */
function createPgListener(pg: PgModule, url: string) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const stateHandlers = new Set<(listening: boolean) => void>();
  const tellState = (listening: boolean) => {
    for (const h of stateHandlers) h(listening);
  };
  let lost = false;
  let client: InstanceType<PgModule["Client"]> | null = null;
  let connecting: Promise<InstanceType<PgModule["Client"]>> | null = null;
  let closed = false;
  let failedReconnects = 0;
  const quote = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

  // Retried until it works (the server may be down for a while), backing off to every 10 s.
  const reconnectLater = () => {
    if (closed || handlers.size === 0) return;
    const delay = Math.min(LISTEN_RECONNECT_MAX_MS, LISTEN_RECONNECT_MS * 2 ** failedReconnects);
    setTimeout(() => {
      if (closed || client || connecting) return;
      connect().then(
        () => {
          failedReconnects = 0;
        },
        () => {
          failedReconnects += 1;
          reconnectLater();
        },
      );
    }, delay).unref();
  };

  const connect = (): Promise<InstanceType<PgModule["Client"]>> => {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS, keepAlive: true });
      c.on("notification", (msg) => {
        for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? "");
      });
      c.on("error", (err) => {
        log.error({ err }, "db: LISTEN connection lost");
        if (client !== c) return;
        client = null;
        connecting = null;
        c.end().catch(() => {});
        lost = true;
        tellState(false);
        reconnectLater();
      });
      try {
        await c.connect();
        for (const channel of handlers.keys()) await c.query(`LISTEN ${quote(channel)}`);
      } catch (error) {
        // The next subscription tries again instead of getting this failure forever.
        connecting = null;
        await c.end().catch(() => {});
        throw error;
      }
      client = c;
      if (lost) {
        lost = false;
        log.warn("db: LISTEN connection back");
        tellState(true);
      }
      return c;
    })();
    return connecting;
  };

  return {
    async listen(channel: string, handler: (payload: string) => void, onState?: (listening: boolean) => void) {
      if (onState) stateHandlers.add(onState);
      let set = handlers.get(channel);
      const first = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(handler);
      const c = client ?? (await connect());
      if (first) await c.query(`LISTEN ${quote(channel)}`);
      return async () => {
        if (onState) stateHandlers.delete(onState);
        set.delete(handler);
        if (set.size === 0 && handlers.get(channel) === set) {
          handlers.delete(channel);
          await client?.query(`UNLISTEN ${quote(channel)}`).catch(() => {});
        }
      };
    },
    async close() {
      closed = true;
      handlers.clear();
      stateHandlers.clear();
      const c = client;
      client = null;
      connecting = null;
      await c?.end().catch(() => {});
    },
  };
}

/**
 * PGlite is single-process and two processes opening one data dir corrupt it: the first one
 * writes a lock file with its pid; another live process is refused with a clear message.
 */
function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = `${dataDir.replace(/[\\/]+$/, "")}.lock`;
  if (fs.existsSync(lockFile)) {
    const pid = Number.parseInt(fs.readFileSync(lockFile, "utf8"), 10);
    if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The database in ${dataDir} is in use by process ${pid} (the shop server?). Stop it first: PGlite allows one process at a time.`,
      );
    }
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => fs.rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const migrationsConfig = { migrationsFolder: migrationsFolder() };
  if (handle.kind === "postgres") {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(handle.db as never, migrationsConfig);
  } else {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(handle.db as never, migrationsConfig);
  }
}

/**
 * PGlite runs PostgreSQL in single-user mode, where autovacuum never runs: without this, dead
 * rows pile up, planner statistics go stale and the visibility map stays empty (no index-only
 * counts). The server calls it at boot and once a day. On a PostgreSQL server autovacuum does it.
 */
export async function maintainDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind !== "pglite") return;
  const { sql } = await import("drizzle-orm");
  await handle.db.execute(sql`VACUUM (ANALYZE)`);
}

/**
 * Every failed query or connection of the pool is told to availability.ts, which remembers the
 * last outage for code whose libraries hide the cause (the auth library). The caller still gets
 * the rejection: the extra handler only watches.
 */
function observeFailures(pool: { query: (...args: never[]) => unknown; connect: (...args: never[]) => unknown }): void {
  for (const method of ["query", "connect"] as const) {
    const original = pool[method].bind(pool) as (...args: unknown[]) => unknown;
    (pool as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const result = original(...args);
      if (result && typeof (result as Promise<unknown>).then === "function")
        (result as Promise<unknown>).then(undefined, noteDatabaseFailure);
      return result;
    };
  }
}
