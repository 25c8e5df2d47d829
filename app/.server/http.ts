import { getEnv } from "./env";

/** Absolute URL on the shop's public origin (canonical links, sitemap, JSON-LD). */
export function absoluteUrl(pathAndQuery: string): string {
  return new URL(pathAndQuery, `${getEnv().publicUrl}/`).href;
}

export type ApiErrorBody = { error: { code: string; message: string; details?: unknown } };

/** JSON error with a French message and a stable code. */
export function jsonError(status: number, code: string, message: string, details?: unknown): Response {
  const body: ApiErrorBody = { error: { code, message, ...(details === undefined ? {} : { details }) } };
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

export function jsonOk(body: unknown, init: { maxAge?: number; status?: number } = {}): Response {
  const headers: Record<string, string> = {
    // s-maxage lets the shop's shared page cache replay public answers for a few seconds.
    "Cache-Control": init.maxAge ? `public, max-age=${init.maxAge}, s-maxage=${Math.min(init.maxAge, 10)}` : "no-store",
  };
  return Response.json(body, { status: init.status ?? 200, headers });
}
