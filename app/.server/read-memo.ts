/**
 * Short-lived, process-wide memos for what nearly every page reads and almost never changes: the
 * session behind a cookie, the theme a user chose, the categories, a product page's data. Without
 * them each signed-in page load asked the database three times before doing its own work
 * (bench/admin.ts: about a sixth of a back-office page's server time).
 *
 * Staleness is bounded three ways (decisions 019 and 038):
 * - every entry lives at most its memo's `ttlMs` (a few seconds);
 * - the Node server (server/server.mjs, forgetReadMemosAfterWrites) forgets every entry of every
 *   memo before each request that may write (anything but GET, HEAD and OPTIONS), and after it
 *   announces "sessions" (invalidations.ts): a sign-out, a revoked session, a deleted account, a
 *   new role or a saved theme is seen by the very next request of this process, and by every
 *   other server process within a second (their buses hear the announcement and forget too);
 * - while this process cannot hear the others (its LISTEN connection down), nothing is remembered.
 * The memos are active only under that server (it calls `setReadMemosActive(true)`): the dev
 * server, tests and scripts, which do not forget on writes, always read afresh.
 */
import { remember } from "~/lib/remember";
import { onInvalidation, remembersAcrossProcesses } from "./invalidations";

type Registry = { active: boolean; generation: number; memos: Set<Map<string, unknown>> };

/** Remembered so that memos made by a reloaded module are still forgotten with the others. */
const registry = remember<Registry>("read-memos", () => ({ active: false, generation: 0, memos: new Set() }));

export type ReadMemo<T> = {
  /**
   * The remembered value for `key`, or `compute()`'s, remembered unless it is `undefined`;
   * `expiresAt` can shorten an entry's life (a session that ends sooner).
   */
  get(key: string, compute: () => Promise<T>, options?: { expiresAt?: (value: T) => number | undefined }): Promise<T>;
};

export function createReadMemo<T>({ ttlMs, maxEntries = 10_000 }: { ttlMs: number; maxEntries?: number }): ReadMemo<T> {
  const entries = new Map<string, { value: T; expiresAt: number }>();
  // Reads under way: a request that asks for the same key meanwhile waits for that read rather
  // than making its own (50 pages in flight when an entry expires cost one read, not 50).
  const reading = new Map<string, { generation: number; value: Promise<T> }>();
  registry.memos.add(entries);
  return {
    async get(key, compute, options = {}) {
      if (!registry.active || !remembersAcrossProcesses()) return compute();
      const hit = entries.get(key);
      const now = Date.now();
      if (hit && hit.expiresAt > now) return hit.value;
      if (hit) entries.delete(key);
      const started = registry.generation;
      // Only a read begun since the last forgetting answers for now.
      const running = reading.get(key);
      if (running && running.generation === started) return running.value;
      const value = compute();
      reading.set(key, { generation: started, value });
      try {
        const answer = await value;
        // A write that forgot everything while this read was running makes its answer suspect.
        if (answer === undefined || started !== registry.generation) return answer;
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(key, { value: answer, expiresAt: Math.min(now + ttlMs, options.expiresAt?.(answer) ?? Infinity) });
        return answer;
      } finally {
        if (reading.get(key)?.value === value) reading.delete(key);
      }
    },
  };
}

/**
 * Forgets every entry of every memo in this process (the server does it before each request that
 * may write; the invalidation bus when any process announces "sessions").
 */
export function forgetReadMemos(): void {
  registry.generation++;
  for (const memo of registry.memos) memo.clear();
}

onInvalidation("sessions", "read-memos", forgetReadMemos);
// A catalogue change made outside a request (the import script) announces only "pages": the
// product pages' data (workflows/product-page.ts) is a read memo too.
onInvalidation("pages", "read-memos", forgetReadMemos);

/** Turns the memos on (the Node server, which forgets them around writes) or off. */
export function setReadMemosActive(active: boolean): void {
  registry.active = active;
  if (!active) forgetReadMemos();
}
