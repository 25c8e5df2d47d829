/**
 * Webhook delivery benchmark (decision 050): a throwaway database, one endpoint pointing at a
 * local HTTP receiver, --events events (1,000 by default) enqueued each in its own transaction
 * (as the shop's changes do) over --resources resources (so the in-order rule is exercised),
 * while the worker delivers them. Prints the throughput (events received per second, from the
 * first enqueue to the last receipt) and the delay from commit to receipt (p50, p95, p99), twice:
 * live (the worker runs while the events commit) and backlog (the worker starts on 1,000 queued
 * events). Every body's signature and the order per resource are checked as a receiver would.
 * PGlite runs on its worker thread, as the server runs it (--no-pglite-thread to keep it in process).
 *
 *   npm run bench:webhooks [-- --events 1000 --resources 100]
 *   npm run bench:webhooks -- --database-url postgres://postgres@127.0.0.1:5432/postgres
 *     (a throwaway database aurore_bench_webhooks is created there and dropped after)
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createHmac } from "node:crypto";
import { parseArgs } from "node:util";
import { percentiles, round } from "./lib";

const { values } = parseArgs({
  options: {
    events: { type: "string", default: "1000" },
    resources: { type: "string", default: "100" },
    "database-url": { type: "string" },
    "pglite-thread": { type: "boolean", default: true },
  },
});
const eventCount = Number(values.events);
const resourceCount = Math.max(1, Number(values.resources));
const serverUrl = values["database-url"];
const PG_NAME = "aurore_bench_webhooks";

// The receiver is on 127.0.0.1: the setting a local receiver needs (read when the env is first parsed).
process.env.WEBHOOK_ALLOW_PRIVATE = "true";
process.env.LOG_LEVEL ??= "warn";

const { migrateDatabase, openDatabase } = await import("../app/.server/db/client");
const { createWebhookEndpoint, enqueueWebhookEvent } = await import("../app/.server/modules/webhooks/webhooks.service");
const { startWebhookWorker } = await import("../app/.server/modules/webhooks/webhook-delivery");

async function adminQuery(statement: string): Promise<void> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function verifies(secret: string, header: string | undefined, body: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? "");
  return Boolean(match && createHmac("sha256", secret).update(`${match[1]}.${body}`).digest("hex") === match[2]);
}

let benchUrl: string | undefined;
if (serverUrl) {
  await adminQuery(`DROP DATABASE IF EXISTS ${PG_NAME} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${PG_NAME}`);
  const u = new URL(serverUrl);
  u.pathname = `/${PG_NAME}`;
  benchUrl = u.href;
}
const handle = await openDatabase(
  benchUrl ? { kind: "postgres", url: benchUrl, poolSize: 10 } : { kind: "pglite", thread: values["pglite-thread"] },
);
await migrateDatabase(handle);

const receivedAt = new Map<string, number>();
const order = new Map<string, number[]>();
let badSignatures = 0;
let outOfOrder = 0;
let secret = "";
let done: () => void = () => {};
let expected = eventCount;
const receiver = http.createServer((req, res) => {
  let body = "";
  req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
  req.on("end", () => {
    const now = performance.now();
    const event = JSON.parse(body) as { id: string; resource_id: string; data: { seq: number } };
    if (!verifies(secret, req.headers["aurore-signature"] as string | undefined, body)) badSignatures += 1;
    if (!receivedAt.has(event.id)) receivedAt.set(event.id, now);
    const seen = order.get(event.resource_id) ?? [];
    if (seen.length > 0 && seen[seen.length - 1] > event.data.seq) outOfOrder += 1;
    seen.push(event.data.seq);
    order.set(event.resource_id, seen);
    res.end("ok");
    if (receivedAt.size >= expected) done();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const port = (receiver.address() as AddressInfo).port;

const created = await createWebhookEndpoint(handle.db, {
  url: `http://127.0.0.1:${port}/hook`,
  events: ["order.status_changed"],
  active: true,
});
secret = created.secret;

type Phase = { name: string; enqueueMs: number; drainMs: number; delays: number[]; received: number };

/** Enqueues `count` events, each in its own transaction; returns when the receiver has them all. */
async function runPhase(name: string, count: number, workerFirst: boolean): Promise<Phase> {
  receivedAt.clear();
  order.clear();
  expected = count;
  const allReceived = new Promise<void>((resolve) => (done = resolve));
  let stop = workerFirst ? await startWebhookWorker(handle) : undefined;
  const enqueuedAt = new Map<string, number>();
  const started = performance.now();
  for (let i = 0; i < count; i += 1) {
    const resource = `order-${i % resourceCount}`;
    const id = await handle.db.transaction((tx) => enqueueWebhookEvent(tx, "order.status_changed", resource, { seq: i }));
    enqueuedAt.set(id!, performance.now());
  }
  const enqueueMs = performance.now() - started;
  const drainStart = performance.now();
  stop ??= await startWebhookWorker(handle);
  const timeout = setTimeout(() => {
    console.error(`${name}: timed out, ${receivedAt.size}/${count} received`);
    done();
  }, 180_000);
  await allReceived;
  clearTimeout(timeout);
  await stop();
  const lastReceipt = Math.max(...receivedAt.values());
  // A backlog's delay counts from when the worker started on it, a live event's from its commit.
  const delays = [...receivedAt].map(([id, at]) => at - Math.max(enqueuedAt.get(id) ?? at, workerFirst ? 0 : drainStart));
  return { name, enqueueMs, drainMs: lastReceipt - (workerFirst ? started : drainStart), delays, received: receivedAt.size };
}

const phases = [
  await runPhase("live (worker running while the changes commit)", eventCount, true),
  await runPhase("backlog (1 worker drains what was queued)", eventCount, false),
];

console.log(
  `\nWebhooks on ${handle.kind === "postgres" ? "PostgreSQL" : "PGlite"}: ${eventCount} events over ${resourceCount} resources, one endpoint`,
);
console.table(
  phases.map((ph) => {
    const p = percentiles(ph.delays);
    return {
      phase: ph.name,
      received: ph.received,
      "enqueue (events/s)": round((eventCount / ph.enqueueMs) * 1000),
      "delivered (events/s)": round((ph.received / ph.drainMs) * 1000),
      "delay p50 (ms)": round(p.p50),
      "delay p95 (ms)": round(p.p95),
      "delay p99 (ms)": round(p.p99),
    };
  }),
);
console.log(`bad signatures: ${badSignatures}, out of order: ${outOfOrder}`);
const complete = phases.every((ph) => ph.received === eventCount);

await new Promise((resolve) => receiver.close(resolve));
await handle.close();
if (serverUrl) await adminQuery(`DROP DATABASE IF EXISTS ${PG_NAME} WITH (FORCE)`);
process.exit(complete && badSignatures === 0 && outOfOrder === 0 ? 0 : 1);
