/**
 * The Node server (server/server.mjs) keeps a shared cache of anonymous page views and hands it
 * over through the server entry's `attachPageCache`. A service that changes what those pages show
 * calls `purgePageCache`: the change appears at once in this process, and in every other server
 * process on the same database within a second (announced as "pages", invalidations.ts).
 */
import { remember } from "~/lib/remember";
import { announceInvalidation, onInvalidation } from "./invalidations";

type PageCache = { clear(): void };

const attached = remember<{ cache?: PageCache }>("page-cache", () => ({}));

/** Called once by the Node server when it serves with a page cache. */
export function attachPageCache(cache: PageCache): void {
  attached.cache = cache;
}

onInvalidation("pages", "page-cache", () => attached.cache?.clear());

/** Empties the page cache of every process (never throws: a lost announcement leaves the others' 10-second entries). */
export function purgePageCache(): void {
  void announceInvalidation(["pages"]);
}
