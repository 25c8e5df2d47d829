/**
 * The Node server (server/server.mjs) keeps a shared cache of anonymous page views. A service that
 * changes what those pages show calls this so the change appears at once in this process; other
 * processes (several servers on one PostgreSQL) see it when their 10-second entries expire.
 */
export function purgePageCache(): void {
  const cache = (globalThis as { __aurorePageCache?: { clear(): void } }).__aurorePageCache;
  cache?.clear();
}
