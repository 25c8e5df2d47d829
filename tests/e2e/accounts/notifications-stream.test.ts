/**
 * The realtime feed over HTTP: a client holding GET /api/v1/notifications/stream receives the
 * order_status notification the administrator's status change writes, within 2 seconds. On
 * PostgreSQL (TEST_DATABASE_URL), a second server process is started on the same database and
 * the event raised through one process reaches a client of the other (LISTEN/NOTIFY).
 */
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { openNotificationStream } from "../../support/notification-stream";
import { apiCall, placeOrderOverHttp, setOrderStatusOverHttp } from "../../support/orders-http";
import { stopChildProcess } from "../../support/shop-process";
import { e2eShop } from "../../support/e2e-shop";

const baseURL = e2eShop().baseURL;
const dataDir = e2eShop().dataDir;
const postgresUrl = e2eShop().databaseUrl;

/** Opens the stream and collects its events until `close()`. */
async function openStream(url: string, cookie: string) {
  const stream = await openNotificationStream(url, { cookie });
  expect(stream.response.headers.get("content-type")).toContain("text/event-stream");
  return stream;
}

let adminCookie: string;

beforeAll(async () => {
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
});

describe("GET /api/v1/notifications/stream", () => {
  it("refuses visitors with 401", async () => {
    const res = await fetch(`${baseURL}/api/v1/notifications/stream`);
    expect(res.status).toBe(401);
  });

  it("delivers the notification of a status change to the customer within 2 seconds, and only to them", async () => {
    const customer = await signUpCookie(baseURL, uniqueEmail("live"));
    const other = await signUpCookie(baseURL, uniqueEmail("other"));
    const order = await placeOrderOverHttp(baseURL, customer);
    const theirOrder = await placeOrderOverHttp(baseURL, other);
    const mine = await openStream(baseURL, customer);
    const theirs = await openStream(baseURL, other);
    try {
      const started = Date.now();
      const changed = await setOrderStatusOverHttp(baseURL, adminCookie, order.id, "shipped");
      expect(changed.status).toBe(200);
      await mine.until(() => mine.events.some((e) => e.data.metadata?.new_status === "shipped"), 2_000);
      expect(Date.now() - started).toBeLessThan(2_000);
      const event = mine.events.find((e) => e.data.metadata?.new_status === "shipped")!;
      expect(event.event).toBe("notification");
      expect(event.data).toMatchObject({ type: "order_status", title: `Commande ${order.number} expédiée`, is_read: false });
      // Their own order's change, made next, reaches them through the same hub: by then the
      // first change had had every chance to reach them too, and it did not.
      expect((await setOrderStatusOverHttp(baseURL, adminCookie, theirOrder.id, "shipped")).status).toBe(200);
      await theirs.until(() => theirs.events.length > 0, 5_000);
      expect(theirs.events.map((e) => e.data.title)).toEqual([`Commande ${theirOrder.number} expédiée`]);
    } finally {
      await mine.close();
      await theirs.close();
    }
  });

  it("answers a bad status change with a French message and sends nothing", async () => {
    const customer = await signUpCookie(baseURL, uniqueEmail("bad"));
    const order = await placeOrderOverHttp(baseURL, customer);
    const bad = await setOrderStatusOverHttp(baseURL, adminCookie, order.id, "lost");
    expect(bad).toMatchObject({ status: 400, json: { error: { message: "Statut de commande invalide" } } });
    const unknown = await setOrderStatusOverHttp(baseURL, adminCookie, "00000000-0000-4000-8000-000000000000", "shipped");
    expect(unknown).toMatchObject({ status: 404, json: { error: { message: "Commande introuvable" } } });
    const shopper = await apiCall(baseURL, "POST", "/api/v1/admin/order-status", customer, { order_id: order.id, status: "delivered" });
    expect(shopper.status).toBe(403);
    const list = await apiCall(baseURL, "GET", "/api/v1/notifications", customer);
    expect(list.status).toBe(200);
    expect(list.json.data).toHaveLength(0);
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

describe.runIf(Boolean(postgresUrl))("two server processes on one PostgreSQL", () => {
  let second: ChildProcess | undefined;
  let secondURL: string;

  beforeAll(async () => {
    const port = await freePort();
    secondURL = `http://127.0.0.1:${port}`;
    second = spawn(process.execPath, ["server/server.mjs"], {
      cwd: path.resolve(import.meta.dirname, "../../.."),
      // Same database and DATA_DIR (so the same session secret): a second instance of the shop.
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: secondURL,
        DATA_DIR: dataDir,
        DATABASE_URL: postgresUrl,
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    const started = Date.now();
    for (;;) {
      if (second.exitCode !== null) throw new Error(`second server exited with ${second.exitCode}`);
      const ok = await fetch(`${secondURL}/robots.txt`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      if (Date.now() - started > 60_000) throw new Error("second server did not start");
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 90_000);

  afterAll(async () => {
    if (second) await stopChildProcess(second, 10_000);
  });

  it("an event raised through one process reaches a client of the other", async () => {
    const customer = await signUpCookie(baseURL, uniqueEmail("twin"));
    const order = await placeOrderOverHttp(baseURL, customer);
    const onSecond = await openStream(secondURL, customer);
    try {
      const changed = await setOrderStatusOverHttp(baseURL, adminCookie, order.id, "delivered");
      expect(changed.status).toBe(200);
      await onSecond.until(() => onSecond.events.some((e) => e.data.metadata?.new_status === "delivered"), 2_000);
    } finally {
      await onSecond.close();
    }
  });
});
