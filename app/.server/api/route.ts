import type { z } from "zod";
import { invalid, notFound } from "~/domain/errors";
import { answeringDomainErrors } from "../error-responses";
import { jsonError, jsonOk, readJson } from "../http";

/**
 * The skeleton every /api/v1 resource route shares: method dispatch with the French JSON 405, the
 * bounded JSON body (readJson: the server caps its size), zod validation answered with the API's
 * 400 shape, and domain errors thrown by services answered as JSON (error-responses.ts). A route
 * keeps only what is its own: the guard, the service call and the answer.
 */

export const METHOD_NOT_ALLOWED_MESSAGE = "Méthode non autorisée";
export const INVALID_JSON_OBJECT_MESSAGE = "Corps de requête JSON invalide";

/** The JSON 405 of an /api/v1 route asked with a method it does not serve. */
export function methodNotAllowed(): Response {
  return jsonError(405, "method_not_allowed", METHOD_NOT_ALLOWED_MESSAGE);
}

type WriteMethod = "POST" | "PUT" | "PATCH" | "DELETE";
type Handler<Args> = (args: Args) => Response | Promise<Response>;

/**
 * The action of an /api/v1 resource route: one handler per method it serves, the JSON 405 for
 * any other. The method is matched exactly as the request spells it (fetch upper-cases DELETE,
 * POST and PUT, never PATCH), as the routes always did. A domain error thrown by a handler is
 * answered as the API's JSON error.
 */
export function apiAction<Args extends { request: Request }>(
  handlers: Partial<Record<WriteMethod, Handler<Args>>>,
): (args: Args) => Promise<Response> {
  return async (args) => {
    const method = args.request.method;
    const handler = Object.hasOwn(handlers, method) ? handlers[method as WriteMethod] : undefined;
    return handler ? answeringDomainErrors(async () => handler(args)) : methodNotAllowed();
  };
}

/** The GET of an /api/v1 resource route: a domain error thrown by the handler is answered as JSON. */
export function apiLoader<Args>(handler: Handler<Args>): (args: Args) => Promise<Response> {
  return (args) => answeringDomainErrors(async () => handler(args));
}

/** `{ data }` with `Cache-Control: no-store` (or the public max-age given), the API's success body. */
export function dataResponse(data: unknown, init?: { status?: number; maxAge?: number }): Response {
  return jsonOk({ data }, init);
}

/** The thing a route looked up, or the API's 404 `not_found` with the route's French message. */
export function found<T>(value: T | null | undefined, message: string): T {
  if (value === null || value === undefined) throw notFound("not_found", message);
  return value;
}

export type ValidationIssue = z.core.$ZodIssue;

/**
 * How a route answers a body or query its schema refuses: one fixed French message, or a
 * message (and the `details` the API lists per field) built from zod's issues.
 */
export type InvalidBodyMessage = string | ((issues: readonly ValidationIssue[]) => { message: string; details?: unknown });

/**
 * The value parsed by the schema; otherwise the API's 400 `{ error: { code, message, details? } }`
 * is thrown as a domain error (answered by apiAction/apiLoader).
 */
export function validate<S extends z.ZodType>(schema: S, value: unknown, answer: InvalidBodyMessage, code = "invalid_body"): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const { message, details } = typeof answer === "string" ? { message: answer, details: undefined } : answer(parsed.error.issues);
  throw invalid(code, message, details === undefined ? {} : { details });
}

/** The request's JSON body, validated by the schema (see validate). */
export async function readValidJson<S extends z.ZodType>(request: Request, schema: S, answer: InvalidBodyMessage): Promise<z.output<S>> {
  return validate(schema, await readJson(request), answer);
}

/** The request's JSON body when it is an object (services validate its fields themselves). */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const body = await readJson(request);
  if (!body || typeof body !== "object" || Array.isArray(body)) throw invalid("invalid_body", INVALID_JSON_OBJECT_MESSAGE);
  return body as Record<string, unknown>;
}

/** The first issue's message, or the fallback (the answer of most single-field bodies). */
export const firstIssue =
  (fallback: string): InvalidBodyMessage =>
  (issues) => ({ message: issues[0]?.message ?? fallback });

/** The issues as the API lists them in `details`: a field (or query parameter) and its message. */
export function issueDetails(
  issues: readonly ValidationIssue[],
  options: { key?: "field" | "parameter"; path?: "whole" | "first" } = {},
): Record<string, string>[] {
  const key = options.key ?? "field";
  return issues.map((i) => ({
    [key]: options.path === "first" ? String(i.path[0]) : i.path.map(String).join("."),
    message: i.message,
  }));
}

/**
 * Every issue, listed in `details` (see issueDetails); the messages, or only the distinct ones,
 * joined by " ; ".
 */
export const everyIssue =
  (options: { key?: "field" | "parameter"; path?: "whole" | "first"; distinct?: boolean } = {}): InvalidBodyMessage =>
  (issues) => {
    const messages = issues.map((i) => i.message);
    return {
      message: (options.distinct ? [...new Set(messages)] : messages).join(" ; "),
      details: issueDetails(issues, options),
    };
  };
