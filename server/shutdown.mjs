// Graceful shutdown of one server process on SIGTERM or SIGINT (docs/decisions/039):
//   1. readyz answers 503 at once (a load balancer stops sending requests here);
//   2. the server stops accepting connections; idle keep-alive connections are closed, and every
//      response still to come says `Connection: close`, so its connection ends after it;
//   3. open Server-Sent Events streams end with a `retry:` hint;
//   4. in-flight requests finish (a transaction under way commits or rolls back by itself: the
//      process simply does not die under it);
//   5. jobs, the outbox and the database stop (the app's `shutdown`);
//   6. the process exits 0, or 1 with a log line when all this took longer than the bound.

/** SHUTDOWN_TIMEOUT_SECONDS (checked by app/.server/env.ts at boot): the bound on the whole sequence. */
export function shutdownTimeoutMs(env = process.env) {
  const seconds = Number(env.SHUTDOWN_TIMEOUT_SECONDS || 10);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 10_000;
}

export function createGracefulShutdown({ timeoutMs = shutdownTimeoutMs(), exit = (code) => process.exit(code), log = console } = {}) {
  let shuttingDown = false;
  const inFlight = new Set();
  let drained = null;

  const settle = () => {
    if (shuttingDown && inFlight.size === 0) drained?.();
  };

  /** Mounted first: counts the responses under way and, once draining, ends each connection after its response. */
  function trackRequests(_req, res, next) {
    if (shuttingDown) res.setHeader("Connection", "close");
    inFlight.add(res);
    res.once("close", () => {
      inFlight.delete(res);
      settle();
    });
    next();
  }

  /**
   * Runs the sequence once; a second signal (Ctrl-C reaches every process of the group, and the
   * cluster primary forwards its own) changes nothing. `closeLiveStreams` and `stopApp` are the
   * app's entry functions.
   */
  async function shutdown({ server, signal, closeLiveStreams, stopApp }) {
    if (shuttingDown) return;
    shuttingDown = true;
    const started = Date.now();
    log.log(`[server] ${signal} received: draining ${inFlight.size} request(s), at most ${timeoutMs / 1000} s`);
    const bound = setTimeout(() => {
      log.error(
        `[server] shutdown did not finish within ${timeoutMs / 1000} s (${inFlight.size} request(s) still open): exiting with code 1`,
      );
      exit(1);
    }, timeoutMs);
    try {
      const closed = new Promise((resolve) => server.close(() => resolve()));
      for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
      try {
        closeLiveStreams?.();
      } catch (error) {
        log.error("[server] closing the live streams failed:", error);
      }
      await new Promise((resolve) => {
        drained = resolve;
        settle();
      });
      // What is left is idle: connections whose last response went out before the shutdown began.
      server.closeAllConnections();
      await closed;
      await stopApp?.();
      clearTimeout(bound);
      log.log(`[server] stopped cleanly in ${Date.now() - started} ms`);
      exit(0);
    } catch (error) {
      clearTimeout(bound);
      log.error("[server] shutdown failed:", error);
      exit(1);
    }
  }

  return { trackRequests, shutdown, isShuttingDown: () => shuttingDown };
}
