/**
 * `npm start` on PostgreSQL runs workers (server/cluster.mjs, docs/decisions/039): with
 * WEB_CONCURRENCY=2, a worker killed with SIGKILL is replaced while the other keeps the shop
 * answering, and SIGTERM to the primary stops every worker and exits 0.
 * Needs a PostgreSQL server: runs only when TEST_DATABASE_URL is set.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminQuery, testDatabaseUrl, withDatabase } from "../../support/db";
import { httpRequest, startShopProcess, type ShopProcess } from "../../support/shop-process";

const PORT = 4230;
const url = testDatabaseUrl();

const servingPids = (output: string) => [...output.matchAll(/\[cluster\] worker (\d+) is serving/g)].map((m) => Number(m[1]));
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(!url)("cluster workers (needs TEST_DATABASE_URL: on PGlite the shop is one process)", () => {
  const database = `${new URL(url ?? "postgres://x/test").pathname.slice(1)}_cluster_${randomBytes(4).toString("hex")}`.replace(/\W/g, "_");
  let shop: ShopProcess | undefined;

  beforeAll(async () => {
    await adminQuery(url!, [`CREATE DATABASE ${database}`]);
    shop = await startShopProcess({ port: PORT, env: { DATABASE_URL: withDatabase(url!, database), WEB_CONCURRENCY: "2" } });
  });

  afterAll(async () => {
    await shop?.stop();
    if (url) await adminQuery(url, [`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`]);
  });

  it("replaces a worker killed with SIGKILL while the other keeps answering, and stops them all on SIGTERM", async () => {
    const s = shop!;
    expect(s.output()).toContain("Aurore runs 2 worker processes (WEB_CONCURRENCY=2) on one PostgreSQL database.");
    await expect.poll(() => servingPids(s.output()).length, { timeout: 90_000 }).toBe(2);
    const [victim, survivor] = servingPids(s.output());

    process.kill(victim, "SIGKILL");
    await expect
      .poll(() => s.output())
      .toMatch(new RegExp(`\\[cluster\\] worker ${victim} died \\(SIGKILL\\): a new one starts in \\d+ ms`));
    // Once the primary knows, every new connection goes to the live worker, before and while the
    // replacement starts. (A connection the primary handed to the worker in the instant it died
    // is lost with it, as with any process that dies: the client or the load balancer retries.)
    for (let i = 0; i < 20; i += 1) {
      expect((await httpRequest(`${s.baseURL}/healthz`)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
    }
    await expect.poll(() => servingPids(s.output()).length, { timeout: 90_000 }).toBe(3);
    const replacement = servingPids(s.output())[2];
    expect([victim, survivor]).not.toContain(replacement);
    expect(isAlive(replacement)).toBe(true);
    expect((await httpRequest(`${s.baseURL}/api/v1/products`)).status).toBe(200);
    expect((await httpRequest(`${s.baseURL}/readyz`)).status).toBe(200);

    const signalledAt = Date.now();
    s.child.kill("SIGTERM");
    const exit = await s.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - signalledAt).toBeLessThan(10_000);
    expect(s.output()).toContain("[cluster] every worker has stopped: exiting with code 0");
    expect(isAlive(survivor)).toBe(false);
    expect(isAlive(replacement)).toBe(false);
  });
});
