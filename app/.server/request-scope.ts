/**
 * A per-request memo, opened by the Node server (server/server.mjs, readOnlyRequestScope, through
 * the server entry's `runInRequestScope`) for GET and HEAD requests only: values computed once
 * per request and shared by its loaders. Without it (dev server, tests, requests that run an
 * action) every call computes afresh.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { remember } from "~/lib/remember";

type Scope = Map<string, unknown>;

/** Remembered so that a reloaded module still sees the scope the server opened. */
const storage = remember("request-scope", () => new AsyncLocalStorage<Scope>());

/** Runs `handle` (the rest of one request) with a fresh, empty scope. */
export function runInRequestScope<T>(handle: () => T): T {
  return storage.run(new Map(), handle);
}

/** The value under `key` for this request, computed by `compute` on first use. */
export function memoizeForRequest<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const scope = storage.getStore();
  if (!scope) return compute();
  const known = scope.get(key) as Promise<T> | undefined;
  if (known) return known;
  const value = compute();
  scope.set(key, value);
  // A failure is not remembered: the next loader tries again.
  value.catch(() => scope.delete(key));
  return value;
}
