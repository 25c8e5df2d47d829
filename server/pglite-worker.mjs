// The embedded database on its own thread (app/.server/db/pglite-thread.ts is the other end).
// PGlite runs PostgreSQL in WebAssembly on whichever thread opens it; in the shop's own thread
// every query stopped rendering for its whole duration. Here it has a core of its own while the
// shop renders pages (decision 020). One PGlite, one connection: queries and transactions queue
// exactly as they did in process, by PGlite's own locks.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

const port = parentPort;
if (!port) throw new Error("pglite-worker.mjs runs as a worker thread");

/** Columns the caller wants as PostgreSQL's own text (drizzle keeps dates and intervals raw). */
const raw = (value) => value;
function parsersFor(rawTypes) {
  if (!rawTypes?.length) return undefined;
  return Object.fromEntries(rawTypes.map((oid) => [oid, raw]));
}

/** Everything a DatabaseError carries (code, constraint, detail...), for the other thread. */
function describeError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const described = { name: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === "function") continue;
    try {
      structuredClone(value);
      described[key] = value;
    } catch {
      described[key] = String(value);
    }
  }
  return described;
}

const ROLLBACK = Symbol("rollback");
let pg;
const transactions = new Map(); // id -> { tx, finish(commit, replyId) }
const listeners = new Map(); // channel -> unsubscribe
let nextTransaction = 1;

const reply = (id, result) => port.postMessage({ id, ok: true, result });
const fail = (id, error) => port.postMessage({ id, ok: false, error: describeError(error) });

function target(transactionId) {
  if (transactionId === undefined) return pg;
  const open = transactions.get(transactionId);
  if (!open) throw new Error("Transaction already finished");
  return open.tx;
}

async function handle(message) {
  switch (message.op) {
    case "query": {
      const options = { rowMode: message.rowMode ?? "object" };
      const parsers = parsersFor(message.rawTypes);
      if (parsers) options.parsers = parsers;
      const result = await target(message.tx).query(message.sql, message.params ?? [], options);
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case "exec": {
      const results = await target(message.tx).exec(message.sql);
      return results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    }
    case "listen": {
      if (!listeners.has(message.channel)) {
        const unsubscribe = await pg.listen(message.channel, (payload) => port.postMessage({ notify: message.channel, payload }));
        listeners.set(message.channel, unsubscribe);
      }
      return null;
    }
    case "unlisten": {
      const unsubscribe = listeners.get(message.channel);
      listeners.delete(message.channel);
      await unsubscribe?.();
      return null;
    }
    case "close": {
      await pg.close();
      return null;
    }
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

/**
 * A transaction stays open across messages: BEGIN answers once PGlite has started it, the
 * queries name it, and "end" commits (or rolls back) and answers when that is done.
 */
function begin(id) {
  const transactionId = nextTransaction++;
  let started = false;
  let endReply;
  pg.transaction(async (tx) => {
    started = true;
    const decision = new Promise((resolve) => {
      transactions.set(transactionId, { tx, finish: (commit, replyId) => resolve({ commit, replyId }) });
    });
    reply(id, transactionId);
    const { commit, replyId } = await decision;
    endReply = replyId;
    if (!commit) throw ROLLBACK;
  })
    .then(
      () => reply(endReply, null),
      (error) => {
        if (!started) fail(id, error);
        else if (error === ROLLBACK) reply(endReply, null);
        else fail(endReply, error);
      },
    )
    .finally(() => transactions.delete(transactionId));
}

port.on("message", (message) => {
  if (message.op === "begin") return begin(message.id);
  if (message.op === "end") {
    const open = transactions.get(message.tx);
    if (!open) return fail(message.id, new Error("Transaction already finished"));
    return open.finish(message.commit, message.id);
  }
  handle(message).then(
    (result) => reply(message.id, result),
    (error) => fail(message.id, error),
  );
});

try {
  pg = await PGlite.create({ dataDir: workerData?.dataDir, extensions: { pg_trgm, unaccent } });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, error: describeError(error) });
}
