/**
 * The Node server (server/server.mjs) keeps a shared cache of anonymous page views and hands it
 * over through the server entry's `attachPageCache`. A service that changes what those pages show
 * calls `purgePageCache` so the change appears at once in this process; other processes (several
 * servers on one PostgreSQL) see it when their 10-second entries expire.
 */
import { remember } from "~/lib/remember";

type PageCache = { clear(): void };

const attached = remember<{ cache?: PageCache }>("page-cache", () => ({}));

/** Called once by the Node server when it serves with a page cache. */
export function attachPageCache(cache: PageCache): void {
  attached.cache = cache;
}

export function purgePageCache(): void {
  attached.cache?.clear();
}
