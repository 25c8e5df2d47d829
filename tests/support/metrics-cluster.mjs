// A cluster of two workers for tests/unit/metrics.test.ts: each worker counts orders in its own
// registry (2 in the first, 3 in the second); then the first worker reads the metrics as GET
// /metrics would, through the primary, and the primary prints what it read as one JSON line.
import cluster from "node:cluster";
import { createMetrics, metricsText, startPrimaryMetrics } from "../../server/metrics.mjs";

const ORDERS_BY_WORKER = [2, 3];

if (cluster.isPrimary) {
  startPrimaryMetrics();
  const workers = ORDERS_BY_WORKER.map((orders) => cluster.fork({ ORDERS: String(orders) }));
  let ready = 0;
  const fail = setTimeout(() => {
    console.log(JSON.stringify({ error: "timed out" }));
    process.exit(1);
  }, 20_000);
  for (const worker of workers) {
    worker.on("message", (message) => {
      if (message?.type === "ready" && ++ready === workers.length) workers[0].send({ type: "read" });
      if (message?.type === "read") {
        clearTimeout(fail);
        console.log(JSON.stringify({ text: message.text, pid: message.pid }));
        for (const w of workers) w.kill();
        process.exit(0);
      }
    });
  }
} else {
  const metrics = createMetrics();
  for (let i = 0; i < Number(process.env.ORDERS); i += 1) metrics.recorder.orderPlaced();
  metrics.observeRequest({ method: "GET", route: "/product/:id", status: 200, seconds: 0.01 });
  process.on("message", async (message) => {
    if (message?.type !== "read") return;
    const body = await metricsText(metrics);
    process.send({ type: "read", text: body.text, pid: process.pid });
  });
  process.send({ type: "ready" });
}
