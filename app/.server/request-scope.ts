/**
 * A per-request memo, set by the Node server (server/server.mjs, readOnlyRequestScope) for GET
 * and HEAD requests only: values computed once per request and shared by its loaders. Without
 * it (dev server, tests, requests that run an action) every call computes afresh.
 */
import type { AsyncLocalStorage } from "node:async_hooks";

type Scope = Map<string, unknown>;

function currentScope(): Scope | undefined {
  const storage = (globalThis as { __auroreRequestScope?: AsyncLocalStorage<Scope> }).__auroreRequestScope;
  return storage?.getStore();
}

/** The value under `key` for this request, computed by `compute` on first use. */
export function memoizeForRequest<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const scope = currentScope();
  if (!scope) return compute();
  const known = scope.get(key) as Promise<T> | undefined;
  if (known) return known;
  const value = compute();
  scope.set(key, value);
  // A failure is not remembered: the next loader tries again.
  value.catch(() => scope.delete(key));
  return value;
}
