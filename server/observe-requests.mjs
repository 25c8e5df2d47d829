// One log line and one metrics sample per request, when its response is finished
// (docs/decisions/040-logs-and-metrics.md). Mounted right after the request id, before the page
// cache, so cached pages and refusals at the door are counted like the rest.
import { ASSETS_ROUTE } from "./route-labels.mjs";

/** Query keys whose values are never written to the log (reset links, sign-in codes, e-mails). */
const SECRET_QUERY_KEY = /^(token|code|password|pass|secret|email|e-mail|key|signature|sig|otp|callbackurl|session|auth)$/i;

/** The request's path and query, with the values of secret-bearing query keys replaced. */
export function loggablePath(originalUrl) {
  const url = String(originalUrl ?? "");
  const at = url.indexOf("?");
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq < 0) return pair;
      let key = pair.slice(0, eq);
      try {
        key = decodeURIComponent(key.replace(/\+/g, " "));
      } catch {
        // A broken escape: judged by its raw text.
      }
      return SECRET_QUERY_KEY.test(key.trim()) ? `${pair.slice(0, eq)}=[REDACTED]` : pair;
    })
    .join("&");
  return `${url.slice(0, at)}?${query}`;
}

/**
 * `log` is a pino logger (called at each request: the server's logger() accessor); `metrics`
 * has observeRequest; `routeLabel(path)` names the route; `runWithFacts(facts, next)` (the app's
 * runWithRequestFacts) lets the app note the signed-in user without a query of its own.
 */
export function observeRequests({ log, metrics, routeLabel, runWithFacts }) {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    // Read now: a mounted middleware (express.static under /assets) rewrites req.url while it runs.
    const pathname = req.path;
    const originalUrl = req.originalUrl;
    const facts = {};
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // A client gone before the answer was sent: no status it ever saw.
      const status = res.writableFinished || res.headersSent ? res.statusCode : 0;
      const route = res.locals.metricsRoute ?? routeLabel(pathname);
      metrics?.observeRequest({ method: req.method, route, status, seconds });
      const line = {
        requestId: res.locals.requestId,
        method: req.method,
        path: loggablePath(originalUrl),
        route,
        status,
        durationMs: Math.round(seconds * 10_000) / 10,
        ...(facts.userId ? { userId: facts.userId } : {}),
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      const logger = log();
      // Build files are a dozen per page view: written only at debug level.
      if (route === ASSETS_ROUTE) logger.debug(line, "request");
      else if (status >= 500) logger.error(line, "request");
      else logger.info(line, "request");
    };
    res.once("finish", finish);
    res.once("close", finish);
    if (runWithFacts) runWithFacts(facts, next);
    else next();
  };
}
