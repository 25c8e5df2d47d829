// The Node entry of the built shop: compression, security headers, static assets with long
// cache for fingerprinted files, then the React Router request handler.
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

// Must be settled before React loads: React and React DOM pick their build from it at import
// time, and a development React with a production React DOM cannot render.
process.env.NODE_ENV ??= "production";
const { default: express } = await import("express");
const { default: compression } = await import("compression");
const { createRequestHandler } = await import("./request-handler.mjs");
const { assignRequestId, boundRequestBody, refuse, refuseMalformedPath } = await import("./request-guards.mjs");
const { createPageCache } = await import("./page-cache.mjs");
const { healthRoutes } = await import("./health.mjs");
const { createGracefulShutdown, shutdownTimeoutMs } = await import("./shutdown.mjs");
const { serverTimeouts } = await import("./timeouts.mjs");
const { logger, useLogger } = await import("./logger.mjs");
const { createObservability } = await import("./observability.mjs");

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The CSP allows only our own origin, and Stripe's where the shop takes cards with it (decision
 * 059: Stripe.js and the Payment Element's frames come from js.stripe.com, 3-D Secure pages from
 * hooks.stripe.com, and Stripe.js talks to api.stripe.com; Stripe's security guide lists them).
 * Scripts need a per-request nonce: React Router's hydration data and module loader are inline
 * scripts, and the nonce given to them (app/entry.server.tsx, root.tsx) is the only way an inline
 * script runs. A page replayed by the shared page cache carries its render's nonce with its own
 * CSP header: the cached bytes are the same for every visitor, so nobody can add markup under a
 * nonce they have seen.
 */
const STRIPE_SCRIPTS = "https://js.stripe.com https://*.js.stripe.com";
const STRIPE_FRAMES = "https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com";

function cspAfterNonce(stripe) {
  return [
    stripe ? `' ${STRIPE_SCRIPTS}` : "'",
    "style-src 'self' 'unsafe-inline'",
    stripe ? "img-src 'self' data: blob: https://*.stripe.com" : "img-src 'self' data: blob:",
    "font-src 'self'",
    stripe ? "connect-src 'self' https://api.stripe.com" : "connect-src 'self'",
    ...(stripe ? [`frame-src ${STRIPE_FRAMES}`] : []),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}
const CSP_BEFORE_NONCE = "default-src 'self'; script-src 'self' 'nonce-";
const CSP_AFTER_NONCE = cspAfterNonce(false);
const CSP_AFTER_NONCE_STRIPE = cspAfterNonce(true);
const takesStripe = () => process.env.PAYMENT_PROVIDER === "stripe";

export function contentSecurityPolicy(nonce, stripe = takesStripe()) {
  return CSP_BEFORE_NONCE + nonce + (stripe ? CSP_AFTER_NONCE_STRIPE : CSP_AFTER_NONCE);
}

/** Browsers remember to use HTTPS only when the shop is served over HTTPS. */
const HSTS = "max-age=31536000; includeSubDomains";
const servesHttps = () => String(process.env.PUBLIC_URL ?? "").startsWith("https://");

/**
 * Headers every response carries. Hashed build assets (scripts, styles, images under /assets/)
 * are never documents: they get nosniff only, which saves about half a kilobyte per asset on the
 * first page load.
 */
export function securityHeaders(req, res, next) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  if (servesHttps()) res.setHeader("Strict-Transport-Security", HSTS);
  if (req.path.startsWith("/assets/")) return next();
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  // Apple Pay and Google Pay run in Stripe's frame, which needs the Payment Request API too.
  res.setHeader(
    "Permissions-Policy",
    takesStripe()
      ? 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")'
      : "camera=(), microphone=(), geolocation=(), payment=(self)",
  );
  const nonce = randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
  next();
}

/**
 * The build's top-level public files (favicon.svg) are only looked for when the path names a
 * file: pages and API routes have no extension, and a stat() on the disk per page request is
 * time the page does not need.
 */
export function onlyFilePaths(handler) {
  return (req, res, next) => (path.extname(req.path) ? handler(req, res, next) : next());
}

/**
 * Which proxies may tell the client's address and scheme (X-Forwarded-For, -Proto, -Host):
 * TRUST_PROXY is a hop count ("1": the load balancer in front) or Express's list of addresses,
 * subnets and names ("10.0.0.0/8, loopback"); by default only a proxy on this machine. Trusting
 * more than the real proxies lets any client choose its address, and so escape rate limits.
 */
export function trustProxySetting(value) {
  const setting = String(value ?? "").trim() || "loopback";
  return /^\d+$/.test(setting) ? Number(setting) : setting;
}

/**
 * The auth library and the app read the client address from this header; whatever a client
 * sends under that name is replaced by the socket address (or the loopback proxy's X-Forwarded-For).
 */
function clientIp(req, _res, next) {
  req.headers["x-aurore-client-ip"] = req.ip ?? "";
  next();
}

/**
 * CSRF defence for every state-changing request, on top of SameSite=Lax cookies: when the
 * browser says where the request comes from (Origin, else Referer), it must be this host.
 */
export function sameOriginMutations(req, res, next) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const source = req.headers.origin ?? req.headers.referer;
  if (!source) return next();
  let host;
  try {
    host = new URL(source).host;
  } catch {
    host = "";
  }
  if (host && host === req.headers.host) return next();
  res.status(403).json({ error: { code: "forbidden_origin", message: "Requête refusée : origine non autorisée." } });
}

/**
 * Compress what compresses, except event streams: compression holds bytes back until a block is
 * full, and a notification waiting in a buffer is a notification that arrives late. (The stream
 * also sends Cache-Control: no-transform, which the middleware honours; this makes it certain.)
 */
export function compressUnlessEventStream(req, res) {
  if (String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream")) return false;
  return compression.filter(req, res);
}

/** The build to serve: build/, or the folder AURORE_BUILD_DIR names (the tests' own build). */
const defaultBuildDir = () => path.resolve(root, process.env.AURORE_BUILD_DIR || "build");

export async function createServer({ buildDir = defaultBuildDir() } = {}) {
  const build = await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href);
  // The app's server entry (app/entry.server.tsx): the only way in to the app's process state.
  const entry = build.entry.module;
  useLogger(entry.log);
  const info = await entry.bootstrap();
  const observability = createObservability({ build, entry });

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxySetting(process.env.TRUST_PROXY));
  // First: the drain counts every response, and the probes answer before any cache, guard or limit (decision 039).
  const lifecycle = createGracefulShutdown();
  app.use(lifecycle.trackRequests);
  app.use(healthRoutes({ readiness: () => entry.checkReadiness(), isShuttingDown: lifecycle.isShuttingDown }));
  app.use(assignRequestId);
  // Test-only: the multi-instance suite (tests/multi) tells which instance answered through the proxy.
  const instance = process.env.INSTANCE_NAME;
  if (instance) app.use((_req, res, next) => (res.setHeader("X-Aurore-Instance", instance), next()));
  app.use(observability.observeRequests);
  app.use(refuseMalformedPath);
  app.use(securityHeaders);
  app.use(clientIp);
  app.use(sameOriginMutations);
  app.use(boundRequestBody);
  app.get("/metrics", observability.metricsEndpoint);
  if (process.env.PAGE_CACHE !== "off") {
    const pageCache = createPageCache();
    // The app empties it after a catalogue change (see app/.server/page-cache-bridge.ts).
    entry.attachPageCache(pageCache);
    app.use(pageCache.middleware);
  }
  app.use(compression({ filter: compressUnlessEventStream }));
  app.use("/assets", express.static(path.join(buildDir, "client", "assets"), { immutable: true, maxAge: "1y", index: false }));
  app.use(onlyFilePaths(express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false })));
  app.use(readOnlyRequestScope(entry.runInRequestScope));
  if (process.env.READ_MEMOS !== "off") {
    entry.setReadMemosActive(true);
    app.use(forgetReadMemosAfterWrites(entry.forgetReadMemos, () => entry.announceInvalidation(["sessions"])));
  }
  app.use(createRequestHandler({ build, mode: process.env.NODE_ENV }));
  app.use(lastResortErrorHandler);
  return { app, info, build, lifecycle };
}

/**
 * What reaches Express's error handler (a failure outside the app's own boundaries) is logged
 * with the request id and answered in French, never with Express's English stack page.
 */
export function lastResortErrorHandler(error, req, res, _next) {
  logger().error({ err: error, requestId: res.locals.requestId, method: req.method, path: req.path }, "request failed outside the app");
  if (res.headersSent) return void res.destroy();
  const status = Number(error?.status ?? error?.statusCode);
  if (status >= 400 && status < 500) return refuse(req, res, status, "bad_request", "La requête n'a pas pu être lue.");
  refuse(req, res, 500, "internal_error", "Une erreur est survenue. Veuillez réessayer dans un instant.");
}

/**
 * One small memo per GET/HEAD request (app/.server/request-scope.ts: `runInRequestScope` opens
 * it): the root, layout and page loaders of one page then look the session up once instead of
 * three times. Requests that run an action get none, since the action may change the session the
 * loaders then read.
 */
export function readOnlyRequestScope(runInRequestScope) {
  return (req, _res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    runInRequestScope(next);
  };
}

/**
 * The app's short read memos (app/.server/read-memo.ts: sessions, themes) are forgotten before
 * and after every request that may write: anything but GET, HEAD and OPTIONS, and every request
 * to the auth library (its GET links verify e-mails and reset passwords). So a sign-out, a revoked
 * session, a deleted account or a saved theme is seen by the next request of this process.
 * `forget` is the app's `forgetReadMemos`; `announce`, run once the request is over, forgets here
 * and tells the other server processes (the app's `announceInvalidation(["sessions"])`).
 */
export function forgetReadMemosAfterWrites(forget, announce = forget) {
  return (req, res, next) => {
    const reads = req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS";
    if (reads && !req.path.startsWith("/api/auth/")) return next();
    forget();
    let forgotten = false;
    const forgetOnce = () => {
      if (forgotten) return;
      forgotten = true;
      announce();
    };
    res.once("finish", forgetOnce);
    res.once("close", forgetOnce);
    next();
  };
}

export async function startServer() {
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST || "0.0.0.0";
  // A stop asked for during start-up (migrations, demo data) is honoured once the server is up,
  // or within the shutdown bound when start-up hangs (an unreachable database).
  let stopAsked;
  const askStop = (signal) => {
    if (stopAsked) return;
    stopAsked = signal;
    setTimeout(() => {
      logger().error(`[server] ${signal} received during start-up, which did not finish within the shutdown bound: exiting with code 1`);
      process.exit(1);
    }, shutdownTimeoutMs()).unref();
  };
  process.on("SIGINT", askStop);
  process.on("SIGTERM", askStop);
  const { app, info, build, lifecycle } = await createServer();
  // The server's own bounds on slow clients (timeouts.mjs), not Node's defaults.
  const server = http.createServer(serverTimeouts(), app).listen(port, host, () => {
    const shown = process.env.PUBLIC_URL || `http://localhost:${port}`;
    logger().info(
      { host, port, database: info.database },
      `Aurore is serving ${shown} (listening on ${host}:${port}) with database: ${info.database}`,
    );
  });
  const entry = build.entry.module;
  const stop = (signal) =>
    lifecycle.shutdown({ server, signal, closeLiveStreams: () => entry.closeLiveStreams(), stopApp: () => entry.shutdown() });
  process.off("SIGINT", askStop);
  process.off("SIGTERM", askStop);
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  if (stopAsked) void stop(stopAsked);
  return server;
}

const isMain = process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url;
if (isMain) await startServer();
