/**
 * The embedded database on a worker thread (server/pglite-worker.mjs), seen from the shop's
 * thread as the part of PGlite's interface that drizzle and the handle use: query, exec,
 * transaction, listen, close (decision 020).
 *
 * Why: PGlite runs PostgreSQL in WebAssembly on the thread that opened it, so in process every
 * query stopped page rendering for its whole length, and a 2-core machine used one core. On its
 * own thread the database works while the shop renders: bench/admin.ts measured the back-office
 * pages' throughput up by about half on PGlite.
 *
 * What crosses the thread boundary is data only: SQL, parameters, rows, errors (with their
 * PostgreSQL code, constraint and detail copied). Row parsers cannot cross; the one use drizzle
 * makes of them, keeping dates and intervals as PostgreSQL's text, is sent as a list of type ids.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { log } from "../logger";

type Row = Record<string, unknown> | unknown[];
type Result = { rows: Row[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
type QueryOptions = { rowMode?: "array" | "object"; parsers?: Record<number, unknown> };
type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

export type ThreadedTransaction = {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Result>;
  exec(sql: string): Promise<Result[]>;
};

export type ThreadedPGlite = ThreadedTransaction & {
  transaction<T>(callback: (tx: ThreadedTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

/** The worker script, from source (tests, dev) and from the built server alike. */
export function pgliteWorkerScript(): string | null {
  const candidates = [
    path.resolve(process.cwd(), "server/pglite-worker.mjs"),
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../server/pglite-worker.mjs"),
  ];
  return candidates.find((file) => fs.existsSync(file)) ?? null;
}

/** An Error rebuilt from the worker's description: same message, code, constraint, detail... */
function rebuildError(described: Record<string, unknown>): Error {
  const error = new Error(String(described.message ?? "PGlite error"));
  Object.assign(error, described);
  return error;
}

export async function openThreadedPGlite(options: { dataDir?: string; script: string }): Promise<ThreadedPGlite> {
  const worker = new Worker(options.script, { workerData: { dataDir: options.dataDir } });
  const pending = new Map<number, Pending>();
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let closed = false;
  let exited = false;

  await new Promise<void>((resolve, reject) => {
    const onMessage = (message: { ready?: boolean; error?: Record<string, unknown> }) => {
      if (message.ready === undefined) return;
      worker.off("message", onMessage);
      worker.off("error", reject);
      if (message.ready) resolve();
      else reject(rebuildError(message.error ?? {}));
    };
    worker.on("message", onMessage);
    worker.once("error", reject);
  });

  worker.on(
    "message",
    (message: { id?: number; ok?: boolean; result?: unknown; error?: Record<string, unknown>; notify?: string; payload?: string }) => {
      if (message.notify !== undefined) {
        for (const handler of handlers.get(message.notify) ?? []) handler(message.payload ?? "");
        return;
      }
      const waiting = message.id === undefined ? undefined : pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id!);
      if (message.ok) waiting.resolve(message.result);
      else waiting.reject(rebuildError(message.error ?? {}));
    },
  );
  const failAll = (error: unknown) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on("error", (error) => {
    log.error({ err: error }, "db: the PGlite thread failed");
    failAll(error);
  });
  worker.on("exit", (code) => {
    exited = true;
    if (!closed) failAll(new Error(`The PGlite thread stopped (exit code ${code})`));
  });

  const call = <T>(message: Record<string, unknown>): Promise<T> => {
    if (closed || exited) return Promise.reject(new Error("The database is closed"));
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  };

  const executor = (tx?: number): ThreadedTransaction => ({
    query: (sql, params = [], queryOptions = {}) =>
      call<Result>({
        op: "query",
        tx,
        sql,
        params,
        rowMode: queryOptions.rowMode,
        rawTypes: queryOptions.parsers ? Object.keys(queryOptions.parsers).map(Number) : undefined,
      }),
    exec: (sql) => call<Result[]>({ op: "exec", tx, sql }),
  });

  return {
    ...executor(),
    async transaction<T>(callback: (tx: ThreadedTransaction) => Promise<T>): Promise<T> {
      const tx = await call<number>({ op: "begin" });
      let result: T;
      try {
        result = await callback(executor(tx));
      } catch (error) {
        await call({ op: "end", tx, commit: false }).catch(() => {});
        throw error;
      }
      await call({ op: "end", tx, commit: true });
      return result;
    },
    async listen(channel, handler) {
      let set = handlers.get(channel);
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(handler);
      await call({ op: "listen", channel });
      return async () => {
        set.delete(handler);
        if (set.size === 0) {
          handlers.delete(channel);
          await call({ op: "unlisten", channel }).catch(() => {});
        }
      };
    },
    async close() {
      if (closed) return;
      try {
        await call({ op: "close" });
      } finally {
        closed = true;
        await worker.terminate();
      }
    },
  };
}
