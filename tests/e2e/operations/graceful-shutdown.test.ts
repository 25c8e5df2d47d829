/**
 * Graceful shutdown of the built shop (docs/decisions/039): on SIGTERM a request under way
 * completes (its connection then closes), readyz answers 503, new connections are refused, a
 * live notification stream gets a `retry:` hint and ends, and the process exits 0 within
 * SHUTDOWN_TIMEOUT_SECONDS; a request that outlasts the bound makes it exit 1 at the bound.
 * The shop runs on a PGlite data dir of its own, through `npm start`'s entry (server/cluster.mjs).
 */
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpCookie } from "../../support/http-session";
import { httpRequest, startShopProcess, type ShopProcess } from "../../support/shop-process";

const PORT = 4210;
const BOUND_SECONDS = 8;

let dataDir: string;
let shop: ShopProcess | undefined;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aurore-ops-shutdown-"));
  shop = await startShopProcess({
    port: PORT,
    env: { DATA_DIR: dataDir, DATABASE_URL: undefined, SHUTDOWN_TIMEOUT_SECONDS: String(BOUND_SECONDS) },
  });
});

afterAll(async () => {
  await shop?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A raw connection: what it receives, and a promise of its end. */
function rawConnection(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.on("error", () => {});
  return { socket, received: () => received, closed };
}

/** A slow upload: the newsletter form whose body arrives in two parts, the second one when the test says. */
function slowNewsletterPost(port: number, email: string) {
  const body = `email=${encodeURIComponent(email)}`;
  const half = Math.floor(body.length / 2);
  const conn = rawConnection(port);
  const sent = new Promise<void>((resolve) =>
    conn.socket.write(
      `POST /newsletter HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
      () => resolve(),
    ),
  );
  return { ...conn, sent, finish: () => conn.socket.write(body.slice(half)) };
}

/**
 * Resolves once the server has answered a request sent after what the test wrote before: by
 * then its event loop has read those bytes, so the requests they start are under way.
 */
async function serverHasRead(port: number): Promise<void> {
  const answer = await httpRequest(`http://127.0.0.1:${port}/healthz`, { timeoutMs: 10_000 });
  expect(answer.status).toBe(200);
}

function openNotificationStream(baseURL: string, cookie: string) {
  let text = "";
  let resolveEnded!: () => void;
  const ended = new Promise<void>((resolve) => (resolveEnded = resolve));
  const req = http.get(
    `${baseURL}/api/v1/notifications/stream`,
    { agent: false, headers: { cookie, accept: "text/event-stream" } },
    (res) => {
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", resolveEnded);
      res.on("close", resolveEnded);
    },
  );
  req.on("error", resolveEnded);
  return { text: () => text, ended };
}

const statusOf = (raw: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms))]);

describe("graceful shutdown", () => {
  it("says at start-up why the shop runs one process on PGlite", () => {
    expect(shop!.output()).toContain("Aurore runs one process: the embedded PGlite database cannot be shared between processes");
  });

  it("answers healthz and readyz, never cached", async () => {
    const health = await httpRequest(`${shop!.baseURL}/healthz`);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: "ok" });
    expect(health.headers["cache-control"]).toBe("no-store");
    const ready = await httpRequest(`${shop!.baseURL}/readyz`);
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: "ok", checks: { database: "ok", migrations: "ok", shutdown: "ok" } });
    expect(ready.headers["cache-control"]).toBe("no-store");
  });

  it("on SIGTERM finishes the request under way, refuses new connections, ends live streams with a retry hint and exits 0 in time", async () => {
    const s = shop!;
    const cookie = await signUpCookie(s.baseURL, `drain-${randomUUID()}@example.fr`);
    const stream = openNotificationStream(s.baseURL, cookie);
    await expect.poll(() => stream.text()).toContain(": connected");

    const slow = slowNewsletterPost(PORT, `drain-${randomUUID()}@example.fr`);
    // A readiness probe whose request line has arrived, its headers not yet ended: under way.
    const probe = rawConnection(PORT);
    await new Promise<void>((resolve) => probe.socket.write(`GET /readyz HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\n`, () => resolve()));
    await slow.sent;
    await serverHasRead(PORT);
    expect(slow.received()).toBe("");

    const signalledAt = Date.now();
    s.child.kill("SIGTERM");

    await within(stream.ended, 5_000, "the notification stream did not end");
    expect(stream.text()).toMatch(/retry: \d+\n: closed, server restarting\n\n$/);
    const retryMs = Number(/retry: (\d+)\n: closed, server restarting/.exec(stream.text())![1]);
    expect(retryMs).toBeGreaterThanOrEqual(1_000);
    expect(retryMs).toBeLessThanOrEqual(5_000);

    await expect
      .poll(() =>
        httpRequest(`${s.baseURL}/healthz`, { timeoutMs: 2_000 }).then(
          () => "answered",
          (e: NodeJS.ErrnoException) => e.code,
        ),
      )
      .toBe("ECONNREFUSED");

    probe.socket.write("\r\n");
    await within(probe.closed, 5_000, "the readiness probe's connection did not close");
    expect(statusOf(probe.received())).toBe(503);
    expect(probe.received()).toMatch(/\r\nconnection: close\r\n/i);
    expect(probe.received()).toContain('"shutdown":"shutting_down"');

    // The upload under way completes after the signal: the subscription is written and confirmed.
    expect(s.child.exitCode).toBeNull();
    slow.finish();
    await within(slow.closed, 5_000, "the slow request's connection did not close");
    expect(statusOf(slow.received())).toBe(200);
    expect(slow.received()).toMatch(/\r\nconnection: close\r\n/i);
    expect(slow.received()).toContain('"ok":true');

    const exit = await within(s.exited, BOUND_SECONDS * 1000, "the process did not exit");
    expect(exit.code).toBe(0);
    expect(exit.at - signalledAt).toBeLessThan(BOUND_SECONDS * 1000);
    expect(s.output()).toMatch(/\[server\] stopped cleanly in \d+ ms/);
  });

  it("exits with code 1 at SHUTDOWN_TIMEOUT_SECONDS when a request never ends", async () => {
    await shop?.exited;
    shop = await startShopProcess({ port: PORT + 1, env: { DATA_DIR: dataDir, DATABASE_URL: undefined, SHUTDOWN_TIMEOUT_SECONDS: "2" } });
    const stuck = slowNewsletterPost(PORT + 1, `stuck-${randomUUID()}@example.fr`);
    await stuck.sent;
    await serverHasRead(PORT + 1);
    const signalledAt = Date.now();
    shop.child.kill("SIGTERM");
    const exit = await within(shop.exited, 6_000, "the process did not exit");
    expect(exit.code).toBe(1);
    expect(exit.at - signalledAt).toBeGreaterThanOrEqual(1_900);
    expect(exit.at - signalledAt).toBeLessThan(4_500);
    expect(shop.output()).toContain("[server] shutdown did not finish within 2 s (1 request(s) still open): exiting with code 1");
    stuck.socket.destroy();
  });
});
