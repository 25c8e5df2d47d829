/**
 * Short-lived, process-wide memos for what nearly every signed-in page reads and almost never
 * changes: the session behind a cookie, the theme a user chose. Without them each page load
 * asked the database three times before doing its own work (bench/admin.ts: about a sixth of a
 * back-office page's server time).
 *
 * Staleness is bounded two ways (decision 019):
 * - every entry lives at most its memo's `ttlMs` (a few seconds);
 * - the Node server (server/server.mjs, forgetReadMemosAfterWrites, calling the server entry's
 *   `forgetReadMemos`) forgets every entry of every memo before and after each request that may
 *   write (anything but GET, HEAD and OPTIONS): a sign-out, a revoked session, a deleted
 *   account, a new role or a saved theme is seen by the very next request of this process.
 *   Another server process sees it within `ttlMs`.
 * The memos are active only under that server (it calls `setReadMemosActive(true)`): the dev
 * server, tests and scripts, which do not forget on writes, always read afresh.
 */
import { remember } from "~/lib/remember";

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
  registry.memos.add(entries);
  return {
    async get(key, compute, options = {}) {
      if (!registry.active) return compute();
      const hit = entries.get(key);
      const now = Date.now();
      if (hit && hit.expiresAt > now) return hit.value;
      if (hit) entries.delete(key);
      const started = registry.generation;
      const value = await compute();
      // A write that forgot everything while this read was running makes its answer suspect.
      if (value === undefined || started !== registry.generation) return value;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, expiresAt: Math.min(now + ttlMs, options.expiresAt?.(value) ?? Infinity) });
      return value;
    },
  };
}

/** Forgets every entry of every memo (the server does it around each request that may write). */
export function forgetReadMemos(): void {
  registry.generation++;
  for (const memo of registry.memos) memo.clear();
}

/** Turns the memos on (the Node server, which forgets them around writes) or off. */
export function setReadMemosActive(active: boolean): void {
  registry.active = active;
  if (!active) forgetReadMemos();
}
