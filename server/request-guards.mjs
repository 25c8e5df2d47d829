// What the Node server does before the app sees a request: a request id, and a body bounded while
// it is read (decision 023). The app then reads the body through
// `boundedBody(req)`, never through `req` itself.
import { randomBytes } from "node:crypto";
import { Transform } from "node:stream";
import { bodyLimitFor, FORM_BODY_MAX_BYTES } from "../app/domain/http/body-limits.mjs";

/*
 * The limits themselves, and which route takes more than a form, live with the routes' own
 * bounds and the API document in app/domain/http/body-limits.mjs: one constant per promise.
 */
export const BODY_LIMIT_BYTES = FORM_BODY_MAX_BYTES;
/** The backstop of the image routes (product images, review photos). */
export const UPLOAD_LIMIT_BYTES = bodyLimitFor("/api/v1/admin/product-images");
/** The backstop of the catalogue import. */
export const IMPORT_LIMIT_BYTES = bodyLimitFor("/admin/produits/import");
export { bodyLimitFor };

/**
 * An answer given before the body was read whole (a visitor refused by a route that takes 200 MB)
 * reads and throws away at most this much more: enough for a client still sending to read the
 * answer, never the route's own large bound.
 */
const EARLY_ANSWER_DRAIN_BYTES = FORM_BODY_MAX_BYTES;

/** The request header the app reads its request id from (a client's own value is replaced). */
export const REQUEST_ID_HEADER = "x-aurore-request-id";

export function assignRequestId(req, res, next) {
  const id = randomBytes(6).toString("hex");
  req.headers[REQUEST_ID_HEADER] = id;
  res.locals.requestId = id;
  res.setHeader("X-Request-Id", id);
  next();
}

const wantsJson = (req) => req.path.startsWith("/api/") || /\bapplication\/json\b/i.test(String(req.headers.accept ?? ""));

const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A refusal before the app: JSON for the API and scripts, a small French page for browsers. */
export function refuse(req, res, status, code, message) {
  res.status(status);
  res.setHeader("Cache-Control", "no-store");
  const reference = res.locals.requestId;
  if (wantsJson(req)) {
    res.json({ error: { code, message, ...(reference ? { details: { request_id: reference } } : {}) } });
    return;
  }
  const title = escapeHtml(message);
  res
    .type("html")
    .send(
      `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${title} | Aurore</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem">` +
        `<h1 style="font-size:1.5rem">${title}</h1>` +
        (reference ? `<p>Référence : ${escapeHtml(reference)}</p>` : "") +
        `<p><a href="/">Retour à l'accueil</a></p></body></html>`,
    );
}

export const MALFORMED_ADDRESS_MESSAGE = "Cette adresse n'est pas valide.";

/**
 * A path whose percent-encoding does not decode (an overlong or lone-surrogate byte sequence such as
 * /produits/%C0%80) is refused with 400 before the app. React Router would serve it undecoded (a
 * 404 in the end) but first write two unstructured warnings per request to the log, which anyone
 * could fill that way.
 */
export function refuseMalformedPath(req, res, next) {
  try {
    decodeURIComponent(req.path);
  } catch {
    return refuse(req, res, 400, "malformed_path", MALFORMED_ADDRESS_MESSAGE);
  }
  next();
}

export const TOO_LARGE_MESSAGE = "La requête est trop volumineuse.";

/** How long, and how much, of the rest of a body is read and thrown away before an answer. */
const DISCARD_MS = 1000;
const DISCARD_BYTES_PAST_LIMIT = 4 * 1024 * 1024;

/**
 * Reads what is left of a request body and throws it away, then calls `then` once the body has
 * ended, or after `DISCARD_MS`, or (when `budget` is given) once more than `budget` bytes came.
 * An answer must wait for this: Node closes the connection right after answering a client that
 * asked for `Connection: close`, and a client still sending then meets a reset (EPIPE) and never
 * reads the answer. Nothing is kept.
 */
function drainThen(req, then, budget = Infinity) {
  let done = false;
  let received = 0;
  const finish = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    req.off("data", onData);
    then();
  };
  const onData = (chunk) => {
    received += chunk.length;
    if (received > budget) finish();
  };
  const timer = setTimeout(finish, DISCARD_MS);
  req.on("data", onData);
  req.once("end", finish);
  req.once("close", finish);
  req.resume();
}

/**
 * Makes the closing of this connection a "lingering close": when Node closes a connection after an
 * answer with `Connection: close`, it destroys the socket at once, and a kernel that still holds
 * unread bytes of the body then resets the connection. A client still sending meets that reset
 * (EPIPE) and, on a loaded machine, often before it has read the answer. So the answer is followed
 * by a FIN only, and what the client still sends is read and thrown away until it stops, for at
 * most `DISCARD_MS` or `budget` bytes, before the socket is destroyed.
 */
function lingerOnClose(req, budget) {
  const socket = req.socket;
  if (!socket || socket.lingerOnClose) return;
  socket.lingerOnClose = true;
  socket.destroySoon = function lingeringClose() {
    if (socket.destroyed) return;
    if (socket.writable) socket.end();
    const readBefore = socket.bytesRead;
    const stop = () => {
      clearTimeout(timer);
      clearInterval(poll);
      socket.destroy();
    };
    const timer = setTimeout(stop, DISCARD_MS);
    // The HTTP parser reads the socket's handle directly, so no 'data' event counts the bytes.
    const poll = setInterval(() => {
      if (socket.bytesRead - readBefore > budget) stop();
    }, 50);
    timer.unref();
    poll.unref();
    socket.once("close", () => {
      clearTimeout(timer);
      clearInterval(poll);
    });
    req.resume();
  };
}

/**
 * Bounds a body while it is read: a declared Content-Length above the limit is refused without
 * reading it, and a chunked body is counted as it streams into the app, so four 400 MB posts
 * cost the server no more than the limit each. Past the limit the server answers 413 and closes
 * the connection, after reading and discarding at most 4 MB more or one second, so that a client
 * still sending can read the answer.
 */
export function boundRequestBody(req, res, next) {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const limit = bodyLimitFor(req.path);
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > limit) return tooLarge(req, res);

  let seen = 0;
  const counted = new Transform({
    transform(chunk, _encoding, callback) {
      seen += chunk.length;
      if (seen <= limit) return callback(null, chunk);
      const error = new Error(TOO_LARGE_MESSAGE);
      error.name = "PayloadTooLargeError";
      error.status = 413;
      callback(error);
      tooLarge(req, res);
    },
  });
  req.pipe(counted);
  req.boundedBody = counted;

  // An answer given before the body was read whole (a 401, a 405, a refusal) is sent once the
  // rest of the body has arrived, up to EARLY_ANSWER_DRAIN_BYTES more (never the route's whole
  // bound: a visitor refused by the import reads no 200 MB first). A body longer than that gets
  // the answer with `Connection: close`; what still arrives is thrown away up to that much again,
  // or for DISCARD_MS, then the connection is closed.
  const end = res.end;
  res.end = function endOnceReceived(...args) {
    res.end = end;
    if (req.complete || req.tooLarge || req.destroyed) return end.apply(res, args);
    req.unpipe(counted);
    drainThen(
      req,
      () => {
        if (!req.complete && !res.headersSent) {
          res.setHeader("Connection", "close");
          lingerOnClose(req, EARLY_ANSWER_DRAIN_BYTES);
        }
        end.apply(res, args);
      },
      Math.min(limit - seen, EARLY_ANSWER_DRAIN_BYTES),
    );
    return res;
  };
  res.once("finish", () => {
    if (req.complete || req.tooLarge || req.socket?.lingerOnClose) return;
    let discarded = 0;
    req.on("data", (chunk) => {
      discarded += chunk.length;
      if (discarded > EARLY_ANSWER_DRAIN_BYTES) req.socket?.destroy();
    });
    const socket = req.socket;
    const timer = setTimeout(() => socket?.destroy(), DISCARD_MS);
    timer.unref();
    socket?.once("close", () => clearTimeout(timer));
    req.resume();
  });
  next();
}

function tooLarge(req, res) {
  if (req.tooLarge) return;
  req.tooLarge = true;
  req.unpipe();
  if (res.headersSent) return void req.socket?.destroy();
  res.setHeader("Connection", "close");
  // A client that keeps sending is cut off shortly after the answer.
  lingerOnClose(req, DISCARD_BYTES_PAST_LIMIT);
  drainThen(req, () => refuse(req, res, 413, "payload_too_large", TOO_LARGE_MESSAGE), DISCARD_BYTES_PAST_LIMIT);
}

/** The body the app reads: the bounded stream when there is one. */
export function boundedBody(req) {
  return req.boundedBody ?? req;
}
