/**
 * PostgreSQL going away while the shop serves (docs/decisions/039), without touching the
 * machine's PostgreSQL server: the shop reaches its database through a TCP proxy the test cuts.
 * Requests that need the database fail fast with a French 503 (a page with the request's
 * reference, JSON under /api) and Retry-After; readyz says the database failed; once the proxy
 * forwards again the same process serves again, its LISTEN connection included.
 * Needs a PostgreSQL server: runs only when TEST_DATABASE_URL is set.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../../app/.server/db/client";
import { orders, user } from "../../../app/.server/db/schema";
import { createNotification } from "../../../app/.server/modules/notifications/notifications.service";
import { adminQuery, testDatabaseUrl, withDatabase } from "../../support/db";
import { signUpCookie } from "../../support/http-session";
import { httpRequest, startShopProcess, type ShopProcess } from "../../support/shop-process";
import { createTcpProxy, type TcpProxy } from "../../support/tcp-proxy";
import http from "node:http";

const PORT = 4220;
const PROXY_PORT = 4223;
const MESSAGE = "Le service est momentanément indisponible. Veuillez réessayer dans un instant.";
const url = testDatabaseUrl();

describe.skipIf(!url)("PostgreSQL down while serving (needs TEST_DATABASE_URL: skipped on PGlite, which lives inside the process)", () => {
  const database = `${new URL(url ?? "postgres://x/test").pathname.slice(1)}_outage_${randomBytes(4).toString("hex")}`.replace(/\W/g, "_");
  let proxy: TcpProxy;
  let shop: ShopProcess | undefined;
  let direct: DatabaseHandle;

  beforeAll(async () => {
    await adminQuery(url!, [`CREATE DATABASE ${database}`]);
    const target = new URL(url!);
    proxy = createTcpProxy(PROXY_PORT, { host: target.hostname, port: Number(target.port || 5432) });
    await proxy.open();
    const proxied = new URL(withDatabase(url!, database));
    proxied.hostname = "127.0.0.1";
    proxied.port = String(PROXY_PORT);
    shop = await startShopProcess({ port: PORT, env: { DATABASE_URL: proxied.href, WEB_CONCURRENCY: "1", PAGE_CACHE: "off" } });
    direct = await openDatabase({ kind: "postgres", url: withDatabase(url!, database), poolSize: 2 });
  });

  afterAll(async () => {
    if (process.env.OPS_DEBUG) console.log(shop?.output());
    await shop?.stop();
    await direct?.close();
    await proxy?.close();
    if (url) await adminQuery(url, [`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`]);
  });

  /** A request with a time bound of its own (fetch, for any method): status, Retry-After, error. */
  async function boundedCall(path: string, init: RequestInit = {}) {
    const started = Date.now();
    const res = await fetch(`${shop!.baseURL}${path}`, { ...init, redirect: "manual", signal: AbortSignal.timeout(15_000) });
    const text = await res.text();
    let error: { code?: string; message?: string } | undefined;
    try {
      error = (JSON.parse(text) as { error?: typeof error }).error;
    } catch {
      error = undefined;
    }
    return { status: res.status, retryAfter: res.headers.get("retry-after"), error, text, ms: Date.now() - started };
  }

  /** Signed-in pages and JSON calls while the database is unreachable: the same French 503, never a 500. */
  async function expectSignedInUnavailable(cookie: string, maxMs: number) {
    const json = { origin: shop!.baseURL, cookie, "content-type": "application/json" };
    const calls: [string, RequestInit][] = [
      ["/api/v1/me", { headers: { cookie } }],
      ["/api/v1/cart", { headers: { cookie } }],
      ["/api/v1/orders", { headers: { cookie } }],
      [
        "/api/v1/orders",
        {
          method: "POST",
          headers: { ...json, "idempotency-key": randomUUID() },
          body: JSON.stringify({ address_id: randomUUID(), contact: {}, lines: [] }),
        },
      ],
      ["/api/v1/cart", { method: "PUT", headers: json, body: JSON.stringify({ lines: [] }) }],
    ];
    for (const [path, init] of calls) {
      const answer = await boundedCall(path, init);
      const what = `${init.method ?? "GET"} ${path}`;
      expect(answer.status, `${what}: ${answer.text.slice(0, 200)}`).toBe(503);
      expect(answer.retryAfter, what).toBe("5");
      expect(answer.error, what).toMatchObject({ code: "service_unavailable", message: MESSAGE });
      expect(answer.ms, what).toBeLessThan(maxMs);
    }
    const page = await boundedCall("/dashboard", { headers: { cookie, accept: "text/html" } });
    expect(page.status).toBe(503);
    expect(page.retryAfter).toBe("5");
    expect(page.text).toContain(MESSAGE);
  }

  async function expectUnavailable(maxMs: number) {
    const page = await httpRequest(`${shop!.baseURL}/`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(503);
    expect(page.ms).toBeLessThan(maxMs);
    expect(page.headers["retry-after"]).toBe("5");
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.body).toContain(MESSAGE);
    expect(page.body).toContain(`Référence : ${page.headers["x-request-id"]}`);

    // A search of its own: the few-second count memo cannot answer it without the database.
    const api = await httpRequest(`${shop!.baseURL}/api/v1/products?search=indisponible${randomBytes(3).toString("hex")}`);
    expect(api.status).toBe(503);
    expect(api.ms).toBeLessThan(maxMs);
    expect(api.headers["retry-after"]).toBe("5");
    const error = JSON.parse(api.body).error;
    expect(error.code).toBe("service_unavailable");
    expect(error.message).toBe(MESSAGE);

    const ready = await httpRequest(`${shop!.baseURL}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.ms).toBeLessThan(maxMs);
    expect(JSON.parse(ready.body).checks.database).toMatch(/^(failed|timeout)$/);

    // The process itself still answers.
    expect((await httpRequest(`${shop!.baseURL}/healthz`)).status).toBe(200);
  }

  it("answers 503 fast while the database is down or hangs, and serves again on its own when it is back", async () => {
    const s = shop!;
    const email = `outage-${randomUUID()}@example.fr`;
    const cookie = await signUpCookie(s.baseURL, email);
    let streamText = "";
    const stream = http.get(`${s.baseURL}/api/v1/notifications/stream`, { agent: false, headers: { cookie } }, (res) => {
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (streamText += chunk));
    });
    stream.on("error", () => {});
    await expect.poll(() => streamText).toContain(": connected");
    expect((await httpRequest(`${s.baseURL}/`)).status).toBe(200);
    expect((await httpRequest(`${s.baseURL}/api/v1/products`)).status).toBe(200);

    // Down: every connection cut, nothing listening.
    await proxy.refuse();
    await expectUnavailable(2_000);
    await expectSignedInUnavailable(cookie, 2_000);

    // Hanging: connections accepted, never answered; the pool gives up after its connect timeout.
    await proxy.hold();
    await expectUnavailable(6_000);
    await expectSignedInUnavailable(cookie, 6_000);

    // Back: the same process serves again, without a restart.
    await proxy.open();
    await expect.poll(async () => (await httpRequest(`${s.baseURL}/readyz`)).status, { timeout: 20_000 }).toBe(200);
    expect((await httpRequest(`${s.baseURL}/`)).status).toBe(200);
    expect((await httpRequest(`${s.baseURL}/api/v1/products`)).status).toBe(200);

    // The LISTEN connection came back too: a notification committed now reaches the open stream.
    await expect.poll(() => s.output(), { timeout: 20_000 }).toContain("db: LISTEN connection back");
    const [{ id: userId }] = await direct.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    await createNotification(direct.db, { userId, type: "system", title: "Retour du service", message: "La base est revenue." });
    await expect.poll(() => streamText).toContain("Retour du service");
    stream.destroy();
  });

  it("answers 503 while the database refuses new connections (ALLOW_CONNECTIONS false), and half-writes no order", async () => {
    const s = shop!;
    const cookie = await signUpCookie(s.baseURL, `refus-${randomUUID()}@example.fr`);
    const ordersBefore = await direct.db.$count(orders);
    // No new connection is taken, and those open are ended (57P01): the shop's pool must reconnect, and is refused (55000).
    await adminQuery(url!, [
      `ALTER DATABASE ${database} ALLOW_CONNECTIONS false`,
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database}' AND pid <> pg_backend_pid()`,
    ]);
    try {
      await expectUnavailable(6_000);
      await expectSignedInUnavailable(cookie, 6_000);
    } finally {
      await adminQuery(url!, [`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`]);
    }
    await expect.poll(async () => (await httpRequest(`${s.baseURL}/readyz`)).status, { timeout: 20_000 }).toBe(200);
    expect((await boundedCall("/api/v1/me", { headers: { cookie } })).status).toBe(200);
    // The direct handle's connections were ended too: it reconnects for the count.
    await expect.poll(async () => direct.db.$count(orders).catch(() => -1), { timeout: 20_000 }).toBe(ordersBefore);
  });
});
