// Logs and metrics wired to one built shop (docs/decisions/040-logs-and-metrics.md): the request
// log line and samples, GET /metrics, and the app's business counters and gauges.
import { logger } from "./logger.mjs";
import { createMetrics, metricsEndpoint } from "./metrics.mjs";
import { observeRequests } from "./observe-requests.mjs";
import { createRouteLabeler } from "./route-labels.mjs";

export function createObservability({ build, entry }) {
  const metrics = createMetrics({ readGauges: () => entry.readOperationalGauges() });
  entry.attachMetrics(metrics.recorder);
  return {
    metrics,
    observeRequests: observeRequests({
      log: logger,
      metrics,
      routeLabel: createRouteLabeler(build.routes),
      runWithFacts: entry.runWithRequestFacts,
    }),
    metricsEndpoint: metricsEndpoint({ metrics }),
  };
}
