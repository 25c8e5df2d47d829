/**
 * Cache policy of public catalogue pages: browsers revalidate, the shop's shared page cache
 * (server/page-cache.mjs) may replay the same bytes to anonymous visitors for 10 seconds, so a
 * stock or price change shows within 10 s. Signed-in visitors always get a fresh render.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=10";

export function publicPageHeaders(): HeadersInit {
  return { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL };
}

/** Answers that are personal or that change state: no browser or shared cache may keep them. */
export const noStore = { "Cache-Control": "no-store" } as const;
