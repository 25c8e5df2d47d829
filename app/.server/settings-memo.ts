/**
 * A shop setting that most pages read and only Paramètres changes (the delivery methods, the
 * shop's identity, the exchange rates), kept `ttlMs` per database handle. It is forgotten:
 * - on every "settings" announcement: a save here or in another server process (invalidations.ts);
 * - by the module's own save (`forget`), before that announcement is heard;
 * - never kept while this process cannot hear the others.
 *
 * Requests that arrive while the value is being read wait for that read instead of reading again.
 * Without that, the moment the value expired under load every page in flight read it at once:
 * with 50 connections on the product page, about 60 identical queries every 5 s, and the pages
 * that made them waited for the pool behind each other (bench/scale.ts: a p99 of seconds).
 */
import type { Executor } from "./db/client";
import { onInvalidation, remembersAcrossProcesses } from "./invalidations";

export type SettingsMemo<T> = {
  /** The remembered value, or `read()`'s (shared with the requests that ask meanwhile), kept `ttlMs` from `now`. */
  get(db: Executor, read: () => Promise<T>, now?: number): Promise<T>;
  /** Forgets the value of this database handle in this process (after a save). */
  forget(db: Executor): void;
};

type Entry<T> = { kept?: { value: T; expiresAt: number }; reading?: Promise<T> };

export function createSettingsMemo<T>({ name, ttlMs }: { name: string; ttlMs: number }): SettingsMemo<T> {
  let perDb = new WeakMap<object, Entry<T>>();
  onInvalidation("settings", name, () => {
    perDb = new WeakMap();
  });
  return {
    get(db, read, now = Date.now()) {
      if (!remembersAcrossProcesses()) return read();
      const generation = perDb;
      const known = generation.get(db);
      if (known?.kept && known.kept.expiresAt > now) return Promise.resolve(known.kept.value);
      if (known?.reading) return known.reading;
      const entry: Entry<T> = known ?? {};
      generation.set(db, entry);
      const reading = read().then(
        (value) => {
          entry.reading = undefined;
          // A save that forgot the value while this read ran must not be undone by it.
          if (perDb === generation && generation.get(db) === entry) entry.kept = { value, expiresAt: now + ttlMs };
          return value;
        },
        (error: unknown) => {
          entry.reading = undefined;
          throw error;
        },
      );
      entry.reading = reading;
      return reading;
    },
    forget(db) {
      perDb.delete(db);
    },
  };
}
