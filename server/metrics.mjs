// Prometheus metrics (prom-client) and the GET /metrics endpoint (docs/decisions/040-logs-and-metrics.md).
// Each process keeps its own registry. Under the cluster of server/cluster.mjs a scrape lands on
// one worker, which asks the primary over IPC; the primary's AggregatorRegistry collects every
// worker's registry and answers with their sum. A process outside a cluster answers alone.
import cluster from "node:cluster";
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import client from "prom-client";
import { logger } from "./logger.mjs";

const { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } = client;

const REQUEST = "aurore:metrics-request";
const RESPONSE = "aurore:metrics-response";
/** Longer than prom-client's own 5 s wait for the workers, so the primary answers first. */
const PRIMARY_TIMEOUT_MS = 6_000;
/** Gauges read from the database are read at most once per this, whatever the scrape rate. */
const READINGS_TTL_MS = 1_000;

const FAILED_READING = Symbol("failed reading");
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** 5 ms to 10 s: a cached page, an uncached one, a slow order under load. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let workerAggregator = null;

export const statusClass = (status) => (status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "aborted");

/**
 * The shop's metrics in a registry of their own. `readGauges` (the app's readOperationalGauges)
 * is called when a scrape asks for the outbox backlog and the pool's connections.
 */
export function createMetrics({ readGauges } = {}) {
  const registry = new Registry();
  // Process CPU and memory, heap, GC, and the event-loop lag (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpRequests = new Counter({
    name: "aurore_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status class.",
    labelNames: ["method", "route", "status_class"],
    registers,
  });
  const httpDuration = new Histogram({
    name: "aurore_http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its response, by method, route pattern and status class.",
    labelNames: ["method", "route", "status_class"],
    buckets: DURATION_BUCKETS,
    registers,
  });
  const ordersPlaced = new Counter({
    name: "aurore_orders_placed_total",
    help: "Orders placed (a replayed request is not counted twice).",
    registers,
  });
  const ordersRefused = new Counter({
    name: "aurore_orders_refused_total",
    help: "Orders refused, by the refusal's code (insufficient_stock, payment_declined, ...).",
    labelNames: ["reason"],
    registers,
  });
  const payments = new Counter({
    name: "aurore_payments_total",
    help: "Card charges by outcome: succeeded, declined, authentication_required, failed (provider unreachable).",
    labelNames: ["outcome"],
    registers,
  });
  const jobRuns = new Counter({
    name: "aurore_job_runs_total",
    help: "Background job checks by job and outcome (success, failure, skipped: not due, or run by another instance).",
    labelNames: ["job", "outcome"],
    registers,
  });
  const jobLastSuccess = new Gauge({
    name: "aurore_job_last_success_timestamp_seconds",
    help: "When each background job last finished without error (Unix time).",
    labelNames: ["job"],
    aggregator: "max",
    registers,
  });

  let readings = null;
  let readAt = 0;
  const readOnce = () => {
    if (!readGauges) return Promise.resolve(null);
    if (!readings || Date.now() - readAt > READINGS_TTL_MS) {
      readAt = Date.now();
      readings = readGauges().catch((error) => {
        logger().warn({ err: error }, "metrics: the database gauges could not be read");
        return FAILED_READING;
      });
    }
    return readings;
  };
  new Gauge({
    name: "aurore_outbox_due_messages",
    help: "Outbox e-mails due to be sent now and not given up (the backlog).",
    // Every worker counts the same table: the cluster's figure is one of them, not their sum.
    aggregator: "max",
    registers,
    async collect() {
      const read = await readOnce();
      // Unknown is not zero: a backlog that could not be counted reads NaN.
      if (read === FAILED_READING) this.set(Number.NaN);
      else if (read) this.set(read.outboxDue);
    },
  });
  new Gauge({
    name: "aurore_db_pool_connections",
    help: "PostgreSQL pool connections by state: total (open), idle, waiting (queries queued for a connection).",
    labelNames: ["state"],
    registers,
    async collect() {
      const read = await readOnce();
      if (!read || read === FAILED_READING || !read.pool) return void this.reset();
      this.set({ state: "total" }, read.pool.total);
      this.set({ state: "idle" }, read.pool.idle);
      this.set({ state: "waiting" }, read.pool.waiting);
    },
  });

  // A worker of a cluster answers the primary's AggregatorRegistry with this registry (prom-client
  // installs that answering listener when an AggregatorRegistry is first made in the process).
  if (cluster.isWorker) {
    workerAggregator ??= new AggregatorRegistry();
    AggregatorRegistry.setRegistries([registry]);
  }

  return {
    registry,
    observeRequest({ method, route, status, seconds }) {
      const labels = { method: METHODS.has(method) ? method : "other", route, status_class: statusClass(status) };
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
    },
    /** The app's recorder (app/.server/metrics.ts, MetricsRecorder). */
    recorder: {
      orderPlaced: () => ordersPlaced.inc(),
      orderRefused: (reason) => ordersRefused.inc({ reason }),
      payment: (outcome) => payments.inc({ outcome }),
      jobRun: (job, outcome) => {
        jobRuns.inc({ job, outcome });
        if (outcome === "success") jobLastSuccess.set({ job }, Date.now() / 1000);
      },
    },
  };
}

/** The Prometheus text of this process alone. */
export async function localMetricsText(metrics) {
  return { contentType: metrics.registry.contentType, text: await metrics.registry.metrics() };
}

/**
 * The primary's half of the cluster's metrics: answers a worker's request with every worker's
 * metrics summed. Call once in the cluster primary; returns the function that stops answering.
 */
export function startPrimaryMetrics({ clusterModule = cluster } = {}) {
  const aggregator = new AggregatorRegistry();
  const onMessage = async (worker, message) => {
    if (message?.type !== REQUEST) return;
    let reply;
    try {
      reply = { type: RESPONSE, id: message.id, contentType: aggregator.contentType, text: await aggregator.clusterMetrics() };
    } catch (error) {
      reply = { type: RESPONSE, id: message.id, error: String(error?.message ?? error) };
    }
    if (worker.isConnected()) worker.send(reply);
  };
  clusterModule.on("message", onMessage);
  return () => clusterModule.off("message", onMessage);
}

/**
 * A worker's request to the primary for the cluster's metrics. Resolves with the aggregated text,
 * or null when the primary does not answer in time (a primary that is not ours, or that did not
 * call startPrimaryMetrics): the caller then answers with its own registry.
 */
export function askPrimaryForMetrics({ proc = process, timeoutMs = PRIMARY_TIMEOUT_MS } = {}) {
  return new Promise((resolve) => {
    const id = randomUUID();
    const finish = (value) => {
      clearTimeout(timer);
      proc.off("message", onMessage);
      resolve(value);
    };
    const onMessage = (message) => {
      if (message?.type !== RESPONSE || message.id !== id) return;
      if (message.error) {
        logger().warn({ reason: message.error }, "metrics: the cluster primary could not aggregate; this worker answers alone");
        return finish(null);
      }
      finish({ contentType: message.contentType, text: message.text });
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    proc.on("message", onMessage);
    proc.send({ type: REQUEST, id });
  });
}

/** The cluster's metrics through the primary when this process is a worker, else this process's. */
export async function metricsText(
  metrics,
  { isWorker = cluster.isWorker && typeof process.send === "function", ask = askPrimaryForMetrics } = {},
) {
  if (isWorker) {
    const aggregated = await ask();
    if (aggregated) return aggregated;
  }
  return localMetricsText(metrics);
}

const digest = (text) => createHash("sha256").update(text).digest();

/** Whether `Authorization: Bearer <token>` names the configured token (compared in constant time). */
export function bearerMatches(header, token) {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(String(header ?? ""));
  return Boolean(match) && timingSafeEqual(digest(match[1]), digest(token));
}

export const METRICS_UNAUTHORIZED_MESSAGE = "Accès aux métriques refusé : jeton manquant ou invalide.";

/**
 * GET /metrics. Without METRICS_TOKEN the shop has no such page (the request goes on to the app's
 * 404); with it, only `Authorization: Bearer <token>` reads the metrics. Never cached.
 */
export function metricsEndpoint({ metrics, token = () => process.env.METRICS_TOKEN, text = metricsText } = {}) {
  return async (req, res, next) => {
    const expected = token();
    if (!expected) return next();
    res.locals.metricsRoute = "/metrics";
    res.setHeader("Cache-Control", "no-store");
    if (!bearerMatches(req.headers.authorization, expected)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res.status(401).json({ error: { code: "unauthenticated", message: METRICS_UNAUTHORIZED_MESSAGE } });
      return;
    }
    try {
      const body = await text(metrics);
      res.setHeader("Content-Type", body.contentType);
      res.status(200).end(body.text);
    } catch (error) {
      next(error);
    }
  };
}
