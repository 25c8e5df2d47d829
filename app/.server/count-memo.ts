/**
 * Remembered counts for the back-office lists. Counting every match (all 100k orders or products
 * for page 1, every product whose text holds "creme") is most of what a list page costs the
 * database, and paging through one listing needs the same number again and again. A count is
 * kept `ttlMs` per database handle and filter key; the rows themselves are always read live.
 * The back-office's own writes forget the counts at once, in every server process (`forget`
 * announces "counts", invalidations.ts; decisions 011, 013 and 038); a change made elsewhere (an
 * order from the shop) shows in the total within `ttlMs`. The same holds for any aggregate over a
 * whole table (the stock report's cards): `T` is the remembered value's type. While this process
 * cannot hear the others' announcements, nothing is remembered.
 */
import type { Executor } from "./db/client";
import { remember } from "~/lib/remember";
import { announceInvalidation, onInvalidation, remembersAcrossProcesses } from "./invalidations";

/** Every count memo's "forget all", for the invalidation bus (remembered across module reloads). */
const everyMemo = remember("count-memos", () => new Set<() => void>());
onInvalidation("counts", "count-memos", () => {
  for (const forgetAll of everyMemo) forgetAll();
});

export type CountMemo<T = number> = {
  /** The remembered count for `key`, or `count()`'s answer, remembered from then on. */
  get(db: Executor, key: string, count: () => Promise<T>): Promise<T>;
  /** Forgets every count of this database handle here, and every count memo's in the other server processes. */
  forget(db: Executor): void;
};

export function createCountMemo<T = number>({
  ttlMs,
  maxEntries = 500,
  now = Date.now,
}: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}): CountMemo<T> {
  type Memo = { counts: Map<string, { total: T; expiresAt: number }>; running: Map<string, Promise<T>> };
  let perDb = new WeakMap<object, Memo>();
  everyMemo.add(() => {
    perDb = new WeakMap();
  });
  return {
    get(db, key, count) {
      if (!remembersAcrossProcesses()) return count();
      let memo = perDb.get(db);
      if (!memo) perDb.set(db, (memo = { counts: new Map(), running: new Map() }));
      const hit = memo.counts.get(key);
      if (hit && hit.expiresAt > now()) return Promise.resolve(hit.total);
      // Requests that arrive while the same count runs wait for it instead of counting again
      // (ten administrators' requests at the moment a count expires cost one count).
      const running = memo.running.get(key);
      if (running) return running;
      const counting = count().then(
        (total) => {
          memo.running.delete(key);
          // A write that forgot the counts while this one was running must not be undone by it.
          if (perDb.get(db) !== memo) return total;
          if (memo.counts.size >= maxEntries) memo.counts.delete(memo.counts.keys().next().value!);
          memo.counts.set(key, { total, expiresAt: now() + ttlMs });
          return total;
        },
        (error: unknown) => {
          memo.running.delete(key);
          throw error;
        },
      );
      memo.running.set(key, counting);
      return counting;
    },
    forget(db) {
      perDb.delete(db);
      void announceInvalidation(["counts"], { here: false });
    },
  };
}
