/**
 * The id of a request, shown to the user next to an error ("Référence : …") and written to the
 * log with the error's detail, so support can find one from the other. The Node server
 * (server/server.mjs) sets it on every request, replacing whatever a client sent, and returns it
 * as X-Request-Id; without it (dev server, tests) one is made up once per request.
 */
import { randomBytes } from "node:crypto";
import { log } from "./logger";

export const REQUEST_ID_HEADER = "x-aurore-request-id";

/** What an id may look like: it is printed in pages and log lines. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,100}$/;

const madeUp = new WeakMap<Request, string>();

export function requestIdOf(request: Request): string {
  const given = request.headers.get(REQUEST_ID_HEADER);
  if (given && REQUEST_ID_PATTERN.test(given)) return given;
  let id = madeUp.get(request);
  if (!id) {
    id = randomBytes(6).toString("hex");
    madeUp.set(request, id);
    try {
      // Requests React Router derives from this one later (data requests) then carry the same id.
      request.headers.set(REQUEST_ID_HEADER, id);
    } catch {
      // Immutable headers: the WeakMap still answers for this object.
    }
  }
  return id;
}

/**
 * Logs an unexpected failure with the request's id and returns that id, for a French message
 * that shows it ("Référence : …"). The error's own text goes to the log only.
 */
export function logRequestError(request: Request, context: string, error: unknown): string {
  const id = requestIdOf(request);
  log.error({ err: error, context, requestId: id, method: request.method, path: new URL(request.url).pathname }, `${context} failed`);
  return id;
}

/** "… Référence : abc123", the form every user-facing error message takes. */
export function withReference(message: string, requestId: string): string {
  return `${message} Référence : ${requestId}`;
}
