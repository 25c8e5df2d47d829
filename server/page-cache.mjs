// A small shared cache for anonymous page views, like a CDN in front of the shop.
// Pages opt in with `Cache-Control: ... s-maxage=N` (the shared-cache lifetime, capped at 60 s);
// requests that carry a session cookie, an Authorization header or `Cache-Control: no-cache`
// bypass it, and responses with Set-Cookie or another status than 200 are never stored.
// It sits before compression, so it stores and replays the compressed bytes per encoding.

const MAX_TTL_SECONDS = 60;
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;
// A visitor's footer language choice (docs/decisions/044): the same address is a different page
// in each language, so the language is part of the key.
const LANGUAGE_COOKIE = /(?:^|;\s*)aurore_lang=([a-z]{2})(?:;|$)/;
// A replayed page keeps its render's CSP (its nonce is in the cached bytes) but gets this
// request's own id.
const SKIPPED_HEADERS = new Set(["set-cookie", "content-length", "date", "x-cache", "connection", "transfer-encoding", "x-request-id"]);

function pickEncoding(acceptEncoding = "") {
  const accepted = String(acceptEncoding).toLowerCase();
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return "identity";
}

function sharedMaxAge(cacheControl) {
  if (!cacheControl) return 0;
  const value = String(cacheControl).toLowerCase();
  if (value.includes("private") || value.includes("no-store")) return 0;
  const match = /s-maxage=(\d+)/.exec(value);
  return match ? Math.min(Number(match[1]), MAX_TTL_SECONDS) : 0;
}

export function createPageCache({ maxEntries = 1000, maxBytes = 64 * 1024 * 1024, now = Date.now } = {}) {
  const store = new Map();
  let bytes = 0;

  const evict = (key) => {
    const entry = store.get(key);
    if (!entry) return;
    bytes -= entry.body.length;
    store.delete(key);
  };

  const middleware = function pageCache(req, res, next) {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (req.headers.authorization || SESSION_COOKIE.test(req.headers.cookie ?? "")) return next();
    if (/no-cache|no-store/i.test(req.headers["cache-control"] ?? "")) return next();

    // Only the shop's languages make a key of their own: an unknown one renders in French.
    const language = LANGUAGE_COOKIE.exec(req.headers.cookie ?? "")?.[1] === "en" ? "en" : "fr";
    const key = `${pickEncoding(req.headers["accept-encoding"])} ${language} ${req.originalUrl}`;
    const hit = store.get(key);
    if (hit && hit.expiresAt > now()) {
      res.statusCode = hit.status;
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.setHeader("Content-Length", hit.body.length);
      res.setHeader("X-Cache", "HIT");
      return res.end(req.method === "HEAD" ? undefined : hit.body);
    }
    if (hit) evict(key);
    if (req.method === "HEAD") return next();

    const chunks = [];
    let size = 0;
    let tooBig = false;
    const collect = (chunk, encoding) => {
      if (!chunk || typeof chunk === "function" || tooBig) return;
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8");
      size += buf.length;
      if (size > maxBytes / 8) tooBig = true;
      else chunks.push(buf);
    };
    const write = res.write;
    const end = res.end;
    res.write = function (chunk, encoding, cb) {
      collect(chunk, encoding);
      return write.call(this, chunk, encoding, cb);
    };
    res.end = function (chunk, encoding, cb) {
      collect(chunk, encoding);
      const ttl = sharedMaxAge(res.getHeader("cache-control"));
      if (!tooBig && ttl > 0 && res.statusCode === 200 && !res.getHeader("set-cookie")) {
        const body = Buffer.concat(chunks);
        const headers = Object.entries(res.getHeaders()).filter(([name]) => !SKIPPED_HEADERS.has(name));
        evict(key);
        store.set(key, { status: 200, headers, body, expiresAt: now() + ttl * 1000 });
        bytes += body.length;
        while (store.size > maxEntries || bytes > maxBytes) evict(store.keys().next().value);
      }
      return end.call(this, chunk, encoding, cb);
    };
    res.setHeader("X-Cache", "MISS");
    next();
  };

  return {
    middleware,
    /** Drops every stored page (after a catalogue change). */
    clear() {
      store.clear();
      bytes = 0;
    },
    get size() {
      return store.size;
    },
  };
}
