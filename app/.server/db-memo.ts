/**
 * A value kept a few seconds per database handle and key, for what many requests read and few
 * change. Two families use it:
 * - the back-office's counts and aggregates (kind "counts"): counting every match (all 100k orders
 *   or products for page 1, every product whose text holds "creme") is most of what a list page
 *   costs the database, and paging through one listing needs the same number again and again.
 *   The rows themselves are always read live. The back-office's own writes forget the counts at
 *   once in every server process (`forget` tells the others); a change
 *   made elsewhere (an order from the shop) shows in the total within `ttlMs` (decisions 011,
 *   013 and 038);
 * - the shop settings that most pages read and only Paramètres changes (kind "settings": the
 *   delivery methods, the shop's identity, the exchange rates). The module's save forgets its
 *   value here, then announces "settings" to every process once committed (invalidations.ts).
 *
 * Either way a value is forgotten on every announcement of its kind, from this process or another,
 * and nothing is kept while this process cannot hear the others.
 *
 * Requests that arrive while a value is being read wait for that read instead of reading again.
 * Without that, the moment a value expired under load every page in flight read it at once: with
 * 50 connections on the product page, about 60 identical queries every 5 s, and the pages that
 * made them waited for the pool behind each other (bench/scale.ts: a p99 of seconds). A read that
 * was under way when a write forgot the values is handed to the requests that were already
 * waiting for it, never kept and never shared with a request that came after the write.
 */
import type { Executor } from "./db/client";
import { announceInvalidation, onInvalidation, remembersAcrossProcesses, type InvalidationKind } from "./invalidations";

export type DbMemo<T> = {
  /**
   * The value kept for `key` on this handle, or `read()`'s, kept `ttlMs` from `now` (the time the
   * request asked; a test passes its own clock).
   */
  get(db: Executor, key: string, read: () => Promise<T>, now?: number): Promise<T>;
  /**
   * Forgets every value of this handle here. A count memo also tells the other processes: the
   * back-office's writes rely on it. A setting's module announces "settings" itself, once its save
   * is committed, so its memo's forget stays local.
   */
  forget(db: Executor): void;
};

type Slot<T> = { kept: Map<string, { value: T; expiresAt: number }>; reading: Map<string, Promise<T>> };

export function createDbMemo<T>({
  kind,
  name,
  ttlMs,
  maxEntries = 500,
}: {
  kind: Extract<InvalidationKind, "counts" | "settings">;
  /** Unique within `kind`: a module reloaded in development replaces its own forgetter. */
  name: string;
  ttlMs: number;
  maxEntries?: number;
}): DbMemo<T> {
  let perDb = new WeakMap<object, Slot<T>>();
  onInvalidation(kind, name, () => {
    perDb = new WeakMap();
  });
  return {
    get(db, key, read, now = Date.now()) {
      if (!remembersAcrossProcesses()) return read();
      let slot = perDb.get(db);
      if (!slot) perDb.set(db, (slot = { kept: new Map(), reading: new Map() }));
      const hit = slot.kept.get(key);
      if (hit && hit.expiresAt > now) return Promise.resolve(hit.value);
      const running = slot.reading.get(key);
      if (running) return running;
      const current = slot;
      const reading = read().then(
        (value) => {
          current.reading.delete(key);
          // A write that forgot this handle's values while the read ran must not be undone by it.
          if (perDb.get(db) !== current) return value;
          current.kept.delete(key);
          if (current.kept.size >= maxEntries) current.kept.delete(current.kept.keys().next().value!);
          current.kept.set(key, { value, expiresAt: now + ttlMs });
          return value;
        },
        (error: unknown) => {
          current.reading.delete(key);
          throw error;
        },
      );
      current.reading.set(key, reading);
      return reading;
    },
    forget(db) {
      perDb.delete(db);
      if (kind === "counts") void announceInvalidation(["counts"], { here: false });
    },
  };
}
