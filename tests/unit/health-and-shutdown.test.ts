/**
 * The probes and the drain of server/health.mjs and server/shutdown.mjs on a bare Express
 * server (the built shop's own sequence is tested in tests/e2e/operations/graceful-shutdown.test.ts).
 */
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { healthRoutes } from "../../server/health.mjs";
import { createGracefulShutdown } from "../../server/shutdown.mjs";

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.closeAllConnections();
});

async function listen(app: express.Express): Promise<{ server: http.Server; base: string; port: number }> {
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, base: `http://127.0.0.1:${port}`, port };
}

const quietLog = { log: () => {}, error: () => {} };

describe("healthz and readyz", () => {
  function probes(readiness: () => Promise<{ ready: boolean; checks: Record<string, string> }>, shuttingDown = false) {
    const app = express();
    let asked = 0;
    app.use(
      healthRoutes({
        readiness: () => {
          asked += 1;
          return readiness();
        },
        isShuttingDown: () => shuttingDown,
      }),
    );
    app.use((_req, res) => void res.status(418).send("the app"));
    return { app, asked: () => asked };
  }

  it("answers healthz 200 and readyz 200 when the app is ready, never cacheable", async () => {
    const { app } = probes(async () => ({ ready: true, checks: { database: "ok", migrations: "ok" } }));
    const { base } = await listen(app);
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    expect(health.headers.get("cache-control")).toBe("no-store");
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ok", checks: { database: "ok", migrations: "ok", shutdown: "ok" } });
    expect(ready.headers.get("cache-control")).toBe("no-store");
    // Anything else goes on to the app.
    expect((await fetch(`${base}/readyz/x`)).status).toBe(418);
  });

  it("answers readyz 503 naming the check that failed", async () => {
    const { app } = probes(async () => ({ ready: false, checks: { database: "ok", migrations: "pending" } }));
    const { base } = await listen(app);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "unavailable", checks: { database: "ok", migrations: "pending", shutdown: "ok" } });
  });

  it("answers readyz 503 at once while shutting down, without asking the database", async () => {
    const { app, asked } = probes(async () => ({ ready: true, checks: {} }), true);
    const { base } = await listen(app);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "unavailable", checks: { shutdown: "shutting_down" } });
    expect(asked()).toBe(0);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});

describe("the drain", () => {
  it("lets the request under way finish with Connection: close, refuses new connections, then stops the app and exits 0", async () => {
    const exits: number[] = [];
    const steps: string[] = [];
    const lifecycle = createGracefulShutdown({ timeoutMs: 5_000, exit: (code) => void exits.push(code), log: quietLog });
    const app = express();
    app.use(lifecycle.trackRequests);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    app.get("/slow", async (_req, res) => {
      await released;
      steps.push("slow answered");
      res.send("fini");
    });
    const { server, base, port } = await listen(app);
    const slow = new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
      http
        .get(`${base}/slow`, { agent: new http.Agent({ keepAlive: true }) }, (res) => {
          let body = "";
          res.on("data", (c: Buffer) => (body += c.toString()));
          res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
        })
        .on("error", reject);
    });
    await new Promise((r) => setTimeout(r, 100));

    const done = lifecycle.shutdown({
      server,
      signal: "SIGTERM",
      closeLiveStreams: () => void steps.push("streams closed"),
      stopApp: async () => void steps.push("app stopped"),
    });
    expect(lifecycle.isShuttingDown()).toBe(true);
    const refused = await new Promise<string>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => resolve("accepted"));
      socket.on("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? "error"));
    });
    expect(refused).toBe("ECONNREFUSED");
    expect(exits).toEqual([]);

    release();
    expect(await slow).toEqual({ status: 200, connection: "close", body: "fini" });
    await done;
    expect(steps).toEqual(["streams closed", "slow answered", "app stopped"]);
    expect(exits).toEqual([0]);
  });

  it("exits 1 when a request outlasts the bound", async () => {
    const exits: number[] = [];
    const errors: string[] = [];
    const lifecycle = createGracefulShutdown({
      timeoutMs: 300,
      exit: (code) => void exits.push(code),
      log: { log: () => {}, error: (line: string) => void errors.push(line) },
    });
    const app = express();
    app.use(lifecycle.trackRequests);
    app.get("/never", () => {});
    const { server, base } = await listen(app);
    http.get(`${base}/never`, { agent: false }).on("error", () => {});
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    void lifecycle.shutdown({ server, signal: "SIGTERM" });
    await expect.poll(() => exits, { timeout: 2_000 }).toEqual([1]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(errors).toEqual(["[server] shutdown did not finish within 0.3 s (1 request(s) still open): exiting with code 1"]);
  });
});
