import { isSafeJsonValue, UNSAFE_TEXT_MESSAGE } from "~/lib/safe-text.rules";
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

/** A PDF download: `attachment` with its file name, never cached by a shared cache. */
export function pdfAttachment(bytes: Uint8Array, filename: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
}

export const JSON_EXPECTED_MESSAGE = "Le corps de la requête doit être du JSON (Content-Type: application/json).";
export const JSON_EMPTY_MESSAGE = "Le corps de la requête est vide.";
export const JSON_INVALID_MESSAGE = "Le corps de la requête n'est pas du JSON valide.";

const utf8 = new TextDecoder("utf-8", { fatal: true });

const isJsonMediaType = (type: string) => type === "application/json" || /^application\/[\w.+-]+\+json$/.test(type);

export type JsonReadFailure = { ok: false; status: 400 | 415; code: string; message: string };

/**
 * The one reader of JSON request bodies. Refuses a body that is empty (400), not declared as JSON
 * (415), not valid UTF-8 or JSON (400), or that holds a string the shop refuses anywhere inside it,
 * keys included (NUL, lone surrogates: 400). Any JSON value comes back; the route's schema says
 * which shape it wants. readJson (API) and readJsonSubmission (pages, app/.server/forms.ts) turn a
 * refusal into their kind of answer.
 */
export async function readJsonRequest(request: Request): Promise<{ ok: true; value: unknown } | JsonReadFailure> {
  let text: string;
  try {
    text = utf8.decode(await request.arrayBuffer());
  } catch {
    return { ok: false, status: 400, code: "invalid_text", message: UNSAFE_TEXT_MESSAGE };
  }
  if (text.trim() === "") return { ok: false, status: 400, code: "invalid_body", message: JSON_EMPTY_MESSAGE };
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!isJsonMediaType(type)) return { ok: false, status: 415, code: "unsupported_media_type", message: JSON_EXPECTED_MESSAGE };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, code: "invalid_body", message: JSON_INVALID_MESSAGE };
  }
  if (!isSafeJsonValue(value)) return { ok: false, status: 400, code: "invalid_text", message: UNSAFE_TEXT_MESSAGE };
  return { ok: true, value };
}

/** The JSON value of an API request; a refusal is thrown as the API's JSON error. */
export async function readJson(request: Request): Promise<unknown> {
  const read = await readJsonRequest(request);
  if (!read.ok) throw jsonError(read.status, read.code, read.message);
  return read.value;
}
