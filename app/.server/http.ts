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

/** A refused service operation: status, stable code, French message and per-field messages. */
export type ServiceFailure = {
  status: number;
  code: string;
  message: string;
  fieldErrors?: Partial<Record<string, string>>;
};

/** The JSON error of a refused operation; field messages go in `details` as `[{ field, message }]`. */
export function failureResponse(failure: ServiceFailure): Response {
  const details = failure.fieldErrors
    ? Object.entries(failure.fieldErrors).map(([field, message]) => ({ field, message }))
    : undefined;
  return jsonError(failure.status, failure.code, failure.message, details);
}

/** The parsed JSON object of a request, or undefined when the body is not a JSON object. */
export async function readJsonBody(request: Request): Promise<Record<string, unknown> | undefined> {
  const body: unknown = await request.json().catch(() => undefined);
  if (!body || typeof body !== "object" || Array.isArray(body)) return undefined;
  return body as Record<string, unknown>;
}
