import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EventEmitter } from "node:events";
import { execFile } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import express from "express";
import {
  askPrimaryForMetrics,
  createMetrics,
  METRICS_UNAUTHORIZED_MESSAGE,
  metricsEndpoint,
  metricsText,
  type ShopMetrics,
} from "../../server/metrics.mjs";
import type { DatabaseHandle } from "~/.server/db/client";
import { createTestDatabase } from "../support/db";
import { ASSETS_ROUTE, createRouteLabeler, OTHER_ROUTE } from "../../server/route-labels.mjs";
import { startRepeatingJob } from "~/.server/jobs/daily-job";
import { attachMetrics } from "~/.server/metrics";

/** The shape of the build's route manifest (build.routes), with the shop's kinds of routes. */
const MANIFEST = {
  root: { id: "root", path: "" },
  "routes/shop/layout": { id: "routes/shop/layout", parentId: "root" },
  "routes/shop/home": { id: "routes/shop/home", parentId: "routes/shop/layout", index: true },
  "routes/shop/product": { id: "routes/shop/product", parentId: "routes/shop/layout", path: "product/:id" },
  "routes/shop/not-found": { id: "routes/shop/not-found", parentId: "routes/shop/layout", path: "*" },
  "routes/admin/layout": { id: "routes/admin/layout", parentId: "root" },
  "routes/admin/client": { id: "routes/admin/client", parentId: "routes/admin/layout", path: "admin/clients/:id" },
  "routes/admin/clients-export": { id: "routes/admin/clients-export", parentId: "root", path: "admin/clients/export" },
  "routes/api/v1/product": { id: "routes/api/v1/product", parentId: "root", path: "api/v1/products/:id" },
};

describe("route labels", () => {
  it("names a path by the route pattern it matches, never by the raw path", () => {
    const label = createRouteLabeler(MANIFEST);
    expect(label("/")).toBe("/");
    expect(label("/product/0b7a5c1e-1111-4222-8333-944455556666")).toBe("/product/:id");
    expect(label("/product/another-one")).toBe("/product/:id");
    expect(label("/admin/clients/42")).toBe("/admin/clients/:id");
    expect(label("/admin/clients/export")).toBe("/admin/clients/export");
    expect(label("/api/v1/products/abc")).toBe("/api/v1/products/:id");
  });

  it("gives unknown paths one label, build files another, and data requests their page's route", () => {
    const label = createRouteLabeler(MANIFEST);
    expect(label("/wp-login.php")).toBe(OTHER_ROUTE);
    expect(label("/no/such/page")).toBe(OTHER_ROUTE);
    expect(label("/product/%C0%80")).toBe(OTHER_ROUTE);
    expect(label("/assets/root-CX2c1.js")).toBe(ASSETS_ROUTE);
    expect(label("/product/abc.data")).toBe("/product/:id.data");
    expect(label("/_root.data")).toBe("/.data");
  });

  it("keeps a bounded memory of the paths it has seen", () => {
    const label = createRouteLabeler(MANIFEST, { maxCached: 3 });
    for (let i = 0; i < 50; i += 1) expect(label(`/product/${i}`)).toBe("/product/:id");
    expect(label("/")).toBe("/");
  });
});

const TOKEN = "a-metrics-token-of-32-characters";

async function serve(app: express.Express): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe("GET /metrics", () => {
  let metrics: ShopMetrics;
  let token: string | undefined;
  let shop: { url: string; close: () => Promise<void> };

  beforeAll(async () => {
    metrics = createMetrics({ readGauges: async () => ({ outboxDue: 7, pool: { total: 4, idle: 3, waiting: 1 } }) });
    const app = express();
    app.get("/metrics", metricsEndpoint({ metrics, token: () => token, text: (m) => metricsText(m, { isWorker: false }) }));
    // What the shop answers for a path it does not know.
    app.use((_req, res) => void res.status(404).send("Page introuvable"));
    shop = await serve(app);
  });
  afterAll(() => shop?.close());

  it("does not exist without METRICS_TOKEN", async () => {
    token = undefined;
    const res = await fetch(`${shop.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("Page introuvable");
  });

  it("answers 401 with a French JSON message without the token or with a wrong one", async () => {
    token = TOKEN;
    for (const authorization of [undefined, "Bearer wrong-token", `Basic ${TOKEN}`, TOKEN, `Bearer ${TOKEN}x`]) {
      const res = await fetch(`${shop.url}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.json()).toEqual({ error: { code: "unauthenticated", message: METRICS_UNAUTHORIZED_MESSAGE } });
    }
  });

  it("serves the Prometheus text with the token, never cached", async () => {
    token = TOKEN;
    metrics.recorder.orderPlaced();
    metrics.recorder.orderRefused("insufficient_stock");
    metrics.recorder.payment("declined");
    metrics.recorder.jobRun("loyalty-expiry", "success");
    metrics.observeRequest({ method: "GET", route: "/product/:id", status: 200, seconds: 0.02 });
    const res = await fetch(`${shop.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('aurore_http_requests_total{method="GET",route="/product/:id",status_class="2xx"} 1');
    expect(text).toContain(
      'aurore_http_request_duration_seconds_bucket{le="0.025",method="GET",route="/product/:id",status_class="2xx"} 1',
    );
    expect(text).toContain("aurore_orders_placed_total 1");
    expect(text).toContain('aurore_orders_refused_total{reason="insufficient_stock"} 1');
    expect(text).toContain('aurore_payments_total{outcome="declined"} 1');
    expect(text).toContain('aurore_job_runs_total{job="loyalty-expiry",outcome="success"} 1');
    expect(text).toMatch(/aurore_job_last_success_timestamp_seconds\{job="loyalty-expiry"\} \d{10}/);
    expect(text).toContain("aurore_outbox_due_messages 7");
    expect(text).toContain('aurore_db_pool_connections{state="waiting"} 1');
    expect(text).toContain("nodejs_eventloop_lag_seconds");
  });

  it("still answers when the database gauges cannot be read, without a pool on PGlite", async () => {
    const alone = createMetrics({
      readGauges: async () => {
        throw new Error("connection refused");
      },
    });
    const text = (await metricsText(alone, { isWorker: false })).text;
    expect(text).toContain("aurore_orders_placed_total 0");
    expect(text).toContain("aurore_outbox_due_messages Nan");
    const pglite = createMetrics({ readGauges: async () => ({ outboxDue: 0, pool: null }) });
    expect((await metricsText(pglite, { isWorker: false })).text).not.toContain("aurore_db_pool_connections{");
  });
});

describe("metrics across cluster workers", () => {
  it("sums every worker's metrics when one worker is scraped (2 workers, node:cluster)", async () => {
    const script = path.resolve(import.meta.dirname, "../support/metrics-cluster.mjs");
    const { stdout } = await promisify(execFile)(process.execPath, [script], {
      timeout: 30_000,
      env: { ...process.env, LOG_LEVEL: "silent" },
    });
    const result = JSON.parse(stdout.trim().split("\n").pop()!) as { text: string };
    expect(result.text).toContain("aurore_orders_placed_total 5");
    expect(result.text).toContain('aurore_http_requests_total{method="GET",route="/product/:id",status_class="2xx"} 2');
  });

  it("asks the primary over IPC, and a worker whose primary does not answer falls back to its own metrics", async () => {
    const proc = Object.assign(new EventEmitter(), {
      send(message: { type: string; id: string }) {
        queueMicrotask(() =>
          proc.emit("message", { type: "aurore:metrics-response", id: message.id, contentType: "text/plain", text: "summed 9" }),
        );
        return true;
      },
    });
    expect(await askPrimaryForMetrics({ proc: proc as never, timeoutMs: 1000 })).toEqual({ contentType: "text/plain", text: "summed 9" });

    const silent = Object.assign(new EventEmitter(), { send: () => true });
    expect(await askPrimaryForMetrics({ proc: silent as never, timeoutMs: 50 })).toBeNull();
    expect(silent.listenerCount("message")).toBe(0);

    const metrics = createMetrics();
    metrics.recorder.orderPlaced();
    const body = await metricsText(metrics, { isWorker: true, ask: async () => null });
    expect(body.text).toContain("aurore_orders_placed_total 1");
  });
});

describe("job runs", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    attachMetrics(null);
    await handle.close();
  });

  it("counts each run by outcome and keeps the last success time", async () => {
    const metrics = createMetrics();
    attachMetrics(metrics.recorder);
    let fail = false;
    const stop = startRepeatingJob(
      handle.db,
      "facet-cells",
      async () => {
        if (fail) throw new Error("database unreachable");
        return { folded: 1 };
      },
      { everyMs: 20, firstAfterMs: 0 },
    );
    const text = () => metrics.registry.metrics();
    await expect.poll(text).toContain('aurore_job_runs_total{job="facet-cells",outcome="success"}');
    fail = true;
    await expect.poll(text).toContain('aurore_job_runs_total{job="facet-cells",outcome="failure"}');
    await stop();
    expect(await text()).toMatch(/aurore_job_last_success_timestamp_seconds\{job="facet-cells"\} \d{10}/);
  });
});
