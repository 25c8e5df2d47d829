// GET /healthz and GET /readyz (docs/decisions/039-workers-health-shutdown.md). Mounted before
// everything else in server.mjs: no page cache, body guard, rate limit or session touches them,
// and their answers are never stored by anyone (Cache-Control: no-store).

const NO_STORE = "no-store";

/**
 * `readiness()` is the app's checkReadiness (database answers `select 1` in time, migrations
 * applied); `isShuttingDown()` the graceful shutdown's flag, which makes readyz 503 at once so a
 * load balancer stops sending requests while the process drains.
 */
export function healthRoutes({ readiness, isShuttingDown }) {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (req.path === "/healthz") {
      res.setHeader("Cache-Control", NO_STORE);
      return void res.status(200).json({ status: "ok" });
    }
    if (req.path !== "/readyz") return next();
    res.setHeader("Cache-Control", NO_STORE);
    if (isShuttingDown()) {
      return void res.status(503).json({ status: "unavailable", checks: { shutdown: "shutting_down" } });
    }
    try {
      const { ready, checks } = await readiness();
      // A shutdown may have begun while the database was being asked.
      const shutdown = isShuttingDown() ? "shutting_down" : "ok";
      const ok = ready && shutdown === "ok";
      res.status(ok ? 200 : 503).json({ status: ok ? "ok" : "unavailable", checks: { ...checks, shutdown } });
    } catch {
      res.status(503).json({ status: "unavailable", checks: { database: "failed", shutdown: isShuttingDown() ? "shutting_down" : "ok" } });
    }
  };
}
