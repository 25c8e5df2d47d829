// The bridge from Express to React Router: like @react-router/express's handler, except that the
// request body is the bounded stream of request-guards.mjs (the adapter reads `req` itself, which
// would read past any limit) and the load context carries the page's CSP nonce.
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import { createRequestHandler as createReactRouterHandler } from "react-router";
import { boundedBody, refuse } from "./request-guards.mjs";

/** Decision 039: what a request that met an unreachable database is answered, page or JSON. */
export const UNAVAILABLE_MESSAGE = "Le service est momentanément indisponible. Veuillez réessayer dans un instant.";
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export function answerServiceUnavailable(req, res) {
  res.setHeader("Retry-After", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  refuse(req, res, 503, "service_unavailable", UNAVAILABLE_MESSAGE);
}

function headersOf(req) {
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}

function webRequestOf(req, res) {
  // Express resolves the host and protocol (X-Forwarded-* only from the trusted loopback proxy).
  const forwardedPort = req.app?.enabled("trust proxy") ? req.get("X-Forwarded-Host")?.split(":")[1] : undefined;
  const port = Number.parseInt(forwardedPort ?? req.get("host")?.split(":")[1] ?? "", 10);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${Number.isSafeInteger(port) ? `:${port}` : ""}${req.originalUrl}`);
  let controller = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const init = { method: req.method, headers: headersOf(req), signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(boundedBody(req));
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

const isClosed = (res) => res.destroyed || res.writableEnded;

async function send(res, response) {
  if (isClosed(res)) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) return void res.end();
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!isClosed(res)) throw error;
  }
}

export function createRequestHandler({ build, mode }) {
  const handle = createReactRouterHandler(build, mode);
  return async (req, res, next) => {
    try {
      const response = await handle(webRequestOf(req, res), { cspNonce: res.locals.cspNonce ?? "" });
      // A body stopped at its limit is answered 413 by request-guards.mjs, not by the app.
      if (req.tooLarge) return void (await response.body?.cancel());
      // The app met an unreachable database (its error hook said so): 503 and Retry-After, not its 500.
      if (build.entry.module.takeDatabaseUnavailable?.(res.locals.requestId ?? "") && !isClosed(res)) {
        await response.body?.cancel();
        return answerServiceUnavailable(req, res);
      }
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}
