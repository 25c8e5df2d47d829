/**
 * Three instances of the built shop on one PostgreSQL database behind HAProxy (round-robin):
 * what must hold across instances, checked through the proxy or, where the point is "written on
 * one, seen on another", on named instances directly. See support/cluster.ts for the harness.
 * Needs PostgreSQL: without TEST_DATABASE_URL the suite is skipped (the PGlite pass of CI).
 */
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_SIGN_IN_LIMITS } from "~/.server/auth/attempt-limits";
import { GIFT_CARD_CHECKS_PER_MINUTE } from "~/lib/shop-rules";
import { INSUFFICIENT_STOCK_MESSAGE } from "~/.server/modules/inventory/inventory.service";
import { openNotificationStream } from "../support/notification-stream";
import { E2E_ADMIN, uniqueEmail } from "../support/accounts";
import { totp } from "../support/totp";
import { HTTP_ADDRESS, HTTP_CARD, HTTP_CONTACT } from "../support/orders-http";
import {
  callShop,
  cookieHeaderFrom,
  INSTANCE_HEADER,
  newClientIp,
  ROOT,
  sleep,
  startCluster,
  type Cluster,
  type Instance,
} from "./support/cluster";

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const PASSWORD = "Secret123!Aurore";
/** The better-auth limit on /sign-in/email per address and minute (AUTH_RATE_LIMIT_MAX, left at its default). */
const AUTH_RATE_LIMIT_MAX = 10;
/** What "within a second" means for an invalidation seen by another instance. */
const PROPAGATION_LIMIT_MS = 1_000;

let cluster: Cluster;
const instance = (name: "a" | "b" | "c"): Instance => cluster.instances.find((i) => i.name === name)!;

/** Signs a new shopper up through the proxy from `clientIp`; returns the session cookie. */
async function signUp(clientIp: string, email = uniqueEmail("multi")): Promise<{ email: string; cookie: string }> {
  const res = await callShop(cluster, cluster.proxyURL, "POST", "/api/auth/sign-up/email", {
    clientIp,
    body: { email, password: PASSWORD, name: "Alice", firstName: "Alice" },
  });
  if (res.status !== 200) throw new Error(`sign-up of ${email}: ${res.status} ${JSON.stringify(res.json)}`);
  return { email, cookie: cookieHeaderFrom(res.headers) };
}

async function signIn(baseURL: string, clientIp: string, email: string, password: string) {
  return callShop(cluster, baseURL, "POST", "/api/auth/sign-in/email", { clientIp, body: { email, password } });
}

/** The owner's authenticator secret, once enrolled (staff must use two-factor, decision 066). */
let ownerTotpSecret: string | null = null;

/**
 * A staff member's session through `baseURL`: the first time, password then two-factor
 * enrolment (the secret kept in `secrets`); afterwards, password then the current code.
 */
async function signInStaff(
  baseURL: string,
  clientIp: string,
  email: string,
  password: string,
  secrets: { secret: string | null },
): Promise<string> {
  const first = await signIn(baseURL, clientIp, email, password);
  if (first.status !== 200) throw new Error(`sign-in of ${email}: ${first.status} ${JSON.stringify(first.json)}`);
  const cookie = cookieHeaderFrom(first.headers);
  if (secrets.secret) {
    const verified = await callShop(cluster, baseURL, "POST", "/api/auth/two-factor/verify-totp", {
      clientIp,
      cookie,
      body: { code: totp(secrets.secret) },
    });
    if (verified.status !== 200) throw new Error(`two-factor step of ${email}: ${verified.status} ${JSON.stringify(verified.json)}`);
    return cookieHeaderFrom(verified.headers);
  }
  const enabled = await callShop(cluster, baseURL, "POST", "/api/auth/two-factor/enable", { clientIp, cookie, body: { password } });
  if (enabled.status !== 200) throw new Error(`two-factor enable of ${email}: ${enabled.status} ${JSON.stringify(enabled.json)}`);
  const secret = new URL((enabled.json as { totpURI: string }).totpURI).searchParams.get("secret")!;
  const verified = await callShop(cluster, baseURL, "POST", "/api/auth/two-factor/verify-totp", {
    clientIp,
    cookie,
    body: { code: totp(secret) },
  });
  if (verified.status !== 200) throw new Error(`two-factor enrolment of ${email}: ${verified.status} ${JSON.stringify(verified.json)}`);
  secrets.secret = secret;
  return cookieHeaderFrom(verified.headers);
}

/** The owner's session through the proxy. */
async function signInOwner(clientIp: string): Promise<string> {
  const secrets = { secret: ownerTotpSecret };
  const cookie = await signInStaff(cluster.proxyURL, clientIp, E2E_ADMIN.email, E2E_ADMIN.password, secrets);
  ownerTotpSecret = secrets.secret;
  return cookie;
}

/** Polls `check` on each URL until it holds on all of them; the time it took, or throws after `timeoutMs`. */
async function timeUntilAll(urls: string[], check: (url: string) => Promise<boolean>, timeoutMs = 10_000): Promise<number> {
  const started = Date.now();
  const pending = new Set(urls);
  while (pending.size > 0) {
    for (const url of [...pending]) if (await check(url)) pending.delete(url);
    if (pending.size === 0) break;
    if (Date.now() - started > timeoutMs) throw new Error(`still not seen after ${timeoutMs} ms on ${[...pending].join(", ")}`);
    await sleep(25);
  }
  return Date.now() - started;
}

describe.skipIf(!testDatabaseUrl)("three instances behind HAProxy on one PostgreSQL (skipped without TEST_DATABASE_URL)", () => {
  beforeAll(async () => {
    cluster = await startCluster(testDatabaseUrl!);
  }, 240_000);

  afterAll(async () => {
    await cluster?.stop();
  }, 30_000);

  beforeEach(({ onTestFailed }) => {
    // What each instance logged last is the first thing to read when a cross-instance check fails.
    onTestFailed(() => {
      for (const i of cluster.instances)
        console.error(`--- instance ${i.name} (last lines)\n${i.output().split("\n").slice(-15).join("\n")}`);
    });
  });

  it("the three instances started together migrated and seeded the empty database once", async () => {
    for (const i of cluster.instances) expect(i.child.exitCode, `instance ${i.name}:\n${i.output()}`).toBeNull();
    const journal = JSON.parse(fs.readFileSync(path.join(ROOT, "drizzle/meta/_journal.json"), "utf8")) as { entries: unknown[] };
    const { rows: migrations } = await cluster.sql.query<{ n: number; distinct_hashes: number }>(
      "SELECT count(*)::int AS n, count(DISTINCT hash)::int AS distinct_hashes FROM drizzle.__drizzle_migrations",
    );
    expect(migrations[0]).toEqual({ n: journal.entries.length, distinct_hashes: journal.entries.length });
    const { rows: catalogue } = await cluster.sql.query<{ products: number; names: number; admins: number }>(
      `SELECT (SELECT count(*)::int FROM products) AS products,
              (SELECT count(DISTINCT name)::int FROM products) AS names,
              (SELECT count(*)::int FROM "user" WHERE lower(email) = lower($1)) AS admins`,
      [E2E_ADMIN.email],
    );
    expect(catalogue[0].products).toBeGreaterThan(0);
    expect(catalogue[0].names).toBe(catalogue[0].products);
    expect(catalogue[0].admins).toBe(1);
  });

  it("HAProxy spreads consecutive requests over the three instances in turn", async () => {
    const seen: string[] = [];
    for (let n = 0; n < 6; n++) {
      const res = await fetch(`${cluster.proxyURL}/robots.txt`, { headers: { connection: "close" } });
      seen.push(res.headers.get(INSTANCE_HEADER) ?? "?");
    }
    expect([...seen].sort()).toEqual(["a", "a", "b", "b", "c", "c"]);
  });

  it("the buying journey through the proxy: sign up, cart, order paid by card, order read back", async () => {
    const clientIp = newClientIp();
    const served = new Set<string>();
    const { cookie } = await signUp(clientIp);
    const call = async (method: string, url: string, body?: unknown, headers?: Record<string, string>) => {
      const res = await callShop(cluster, cluster.proxyURL, method, url, { clientIp, cookie, body, headers });
      served.add(res.instance);
      return res;
    };
    const list = await call("GET", "/api/v1/products?sort=price_desc&page_size=40");
    expect(list.status).toBe(200);
    const product = list.json.data.find((p: Record<string, any>) => p.variant_count === 1 && p.in_stock && p.stock_quantity >= 5);
    expect(product).toBeDefined();
    const cart = await call("PUT", "/api/v1/cart", { lines: [{ product_id: product.id, quantity: 2 }] });
    expect(cart.status).toBe(200);
    const readCart = await call("GET", "/api/v1/cart");
    expect(readCart.json.data).toMatchObject({ count: 2, items: [expect.objectContaining({ product_id: product.id, quantity: 2 })] });
    const address = await call("POST", "/api/v1/addresses", HTTP_ADDRESS);
    expect(address.status).toBe(201);
    const placed = await call(
      "POST",
      "/api/v1/orders",
      { address_id: address.json.data.id, contact: HTTP_CONTACT, card: HTTP_CARD, lines: [{ product_id: product.id, quantity: 2 }] },
      { "idempotency-key": randomUUID() },
    );
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    const order = placed.json.data;
    for (let n = 0; n < 3; n++) {
      const again = await call("GET", `/api/v1/orders/${order.id}`);
      expect(again.status).toBe(200);
      expect(again.json.data).toMatchObject({ id: order.id, number: order.number, total_cents: order.total_cents });
    }
    const history = await call("GET", "/api/v1/orders");
    expect(history.json.data.map((o: Record<string, any>) => o.id)).toContain(order.id);
    expect([...served].sort()).toEqual(["a", "b", "c"]);
  });

  it("40 buyers of a product with 5 in stock, spread over the instances: exactly 5 orders, stock 0", async () => {
    const { rows } = await cluster.sql.query<{ id: string }>(
      `SELECT p.id FROM products p WHERE p.variant_count = 1 ORDER BY p.price_cents ASC, p.id LIMIT 1 OFFSET 3`,
    );
    const productId = rows[0].id;
    await cluster.sql.query("UPDATE product_variants SET stock_quantity = 5 WHERE product_id = $1", [productId]);
    const buyers = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const clientIp = newClientIp();
        const { cookie } = await signUp(clientIp);
        const address = await callShop(cluster, cluster.proxyURL, "POST", "/api/v1/addresses", { clientIp, cookie, body: HTTP_ADDRESS });
        if (address.status !== 201) throw new Error(`address: ${address.status} ${JSON.stringify(address.json)}`);
        return { clientIp, cookie, addressId: address.json.data.id as string };
      }),
    );
    const answers = await Promise.all(
      buyers.map((b) =>
        callShop(cluster, cluster.proxyURL, "POST", "/api/v1/orders", {
          clientIp: b.clientIp,
          cookie: b.cookie,
          body: { address_id: b.addressId, contact: HTTP_CONTACT, card: HTTP_CARD, lines: [{ product_id: productId, quantity: 1 }] },
          headers: { "idempotency-key": randomUUID() },
        }),
      ),
    );
    expect(new Set(answers.map((a) => a.instance))).toEqual(new Set(["a", "b", "c"]));
    const placed = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(35);
    for (const r of refused) {
      expect(r.status, JSON.stringify(r.json)).toBe(409);
      expect(r.json.error.message).toMatch(new RegExp(`^${INSUFFICIENT_STOCK_MESSAGE}`));
    }
    const { rows: after } = await cluster.sql.query<{ stock: number; product_stock: number; sold: number; orders: number }>(
      `SELECT (SELECT min(stock_quantity)::int FROM product_variants WHERE product_id = $1) AS stock,
              (SELECT stock_quantity::int FROM products WHERE id = $1) AS product_stock,
              (SELECT coalesce(sum(quantity), 0)::int FROM order_items WHERE product_id = $1) AS sold,
              (SELECT count(DISTINCT order_id)::int FROM order_items WHERE product_id = $1) AS orders`,
      [productId],
    );
    expect(after[0]).toEqual({ stock: 0, product_stock: 0, sold: 5, orders: 5 });
  });

  it("the last unit bought on one instance shows as out of stock on the others' product pages within a second", async () => {
    const { rows } = await cluster.sql.query<{ id: string }>(
      `SELECT p.id FROM products p WHERE p.variant_count = 1 ORDER BY p.price_cents ASC, p.id LIMIT 1 OFFSET 7`,
    );
    const productId = rows[0].id;
    await cluster.sql.query("UPDATE product_variants SET stock_quantity = 1 WHERE product_id = $1", [productId]);
    const clientIp = newClientIp();
    // A signed-in page (the page cache serves only visitors): what the instances remember of the
    // product page's data (workflows/product-page.ts) is what is checked here.
    const { cookie } = await signUp(clientIp);
    const availability = async (url: string) => {
      const page = await callShop(cluster, url, "GET", `/product/${productId}`, { clientIp, cookie });
      expect(page.status).toBe(200);
      return /schema\.org\/(InStock|OutOfStock)/.exec(String(page.json.raw))?.[1];
    };
    // The other two instances have just read the page with the unit in stock.
    for (const name of ["b", "c"] as const) expect(await availability(instance(name).url)).toBe("InStock");
    const address = await callShop(cluster, instance("a").url, "POST", "/api/v1/addresses", { clientIp, cookie, body: HTTP_ADDRESS });
    expect(address.status, JSON.stringify(address.json)).toBe(201);
    const order = await callShop(cluster, instance("a").url, "POST", "/api/v1/orders", {
      clientIp,
      cookie,
      body: { address_id: address.json.data.id, contact: HTTP_CONTACT, card: HTTP_CARD, lines: [{ product_id: productId, quantity: 1 }] },
      headers: { "idempotency-key": randomUUID() },
    });
    expect(order.status, JSON.stringify(order.json)).toBe(201);
    const elapsed = await timeUntilAll([instance("b").url, instance("c").url], async (url) => (await availability(url)) === "OutOfStock");
    expect(elapsed).toBeLessThan(PROPAGATION_LIMIT_MS);
  });

  it("a session signed out on one instance is refused by the other two within a second", async () => {
    const clientIp = newClientIp();
    const { cookie } = await signUp(clientIp);
    const me = (url: string) => callShop(cluster, url, "GET", "/api/v1/me", { clientIp, cookie });
    // Both other instances have just seen the session (whatever they keep of it in memory).
    for (const name of ["b", "c"] as const) expect((await me(instance(name).url)).status).toBe(200);
    const out = await callShop(cluster, instance("a").url, "POST", "/api/auth/sign-out", { clientIp, cookie, body: {} });
    expect(out.status, JSON.stringify(out.json)).toBe(200);
    expect(out.instance).toBe("a");
    const elapsed = await timeUntilAll([instance("b").url, instance("c").url], async (url) => (await me(url)).status === 401);
    expect(elapsed).toBeLessThan(PROPAGATION_LIMIT_MS);
  });

  it("a password changed on one instance ends the account's other sessions on the other two within a second", async () => {
    const clientIp = newClientIp();
    const { email, cookie: changing } = await signUp(clientIp);
    const other = await signIn(cluster.proxyURL, clientIp, email, PASSWORD);
    expect(other.status).toBe(200);
    const otherCookie = cookieHeaderFrom(other.headers);
    const me = (url: string) => callShop(cluster, url, "GET", "/api/v1/me", { clientIp, cookie: otherCookie });
    for (const name of ["b", "c"] as const) expect((await me(instance(name).url)).status).toBe(200);
    const changed = await callShop(cluster, instance("a").url, "POST", "/api/auth/change-password", {
      clientIp,
      cookie: changing,
      body: { currentPassword: PASSWORD, newPassword: "Nouveau456!Aurore", revokeOtherSessions: true },
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    const elapsed = await timeUntilAll([instance("b").url, instance("c").url], async (url) => (await me(url)).status === 401);
    expect(elapsed).toBeLessThan(PROPAGATION_LIMIT_MS);
  });

  it("a staff member disabled on one instance is refused by the other two within a second", async () => {
    const clientIp = newClientIp();
    const { email } = await signUp(clientIp);
    // Made a logistics member in the database (Équipe's invitation has its own journeys), then enrolled.
    await cluster.sql.query(`UPDATE "user" SET role = 'admin' WHERE email = $1`, [email]);
    await cluster.sql.query(`INSERT INTO staff_members (user_id, role_key) SELECT id, 'logistics' FROM "user" WHERE email = $1`, [email]);
    const memberCookie = await signInStaff(cluster.proxyURL, clientIp, email, PASSWORD, { secret: null });
    const orders = (url: string) => callShop(cluster, url, "GET", "/api/v1/admin/orders?limit=1", { clientIp, cookie: memberCookie });
    // Both other instances have just served the member.
    for (const name of ["b", "c"] as const) expect((await orders(instance(name).url)).status).toBe(200);
    const ownerIp = newClientIp();
    const ownerCookie = await signInOwner(ownerIp);
    const { rows } = await cluster.sql.query<{ id: string }>(`SELECT id FROM "user" WHERE email = $1`, [email]);
    const disabled = await callShop(cluster, instance("a").url, "POST", "/admin/parametres/equipe.data", {
      clientIp: ownerIp,
      cookie: ownerCookie,
      form: { intent: "disable", userId: rows[0].id },
    });
    expect(disabled.status, JSON.stringify(disabled.json)).toBe(200);
    expect(disabled.instance).toBe("a");
    const elapsed = await timeUntilAll([instance("b").url, instance("c").url], async (url) => (await orders(url)).status === 401);
    expect(elapsed).toBeLessThan(PROPAGATION_LIMIT_MS);
  });

  it("wrong passwords spread over the three instances are refused after as many failures as on one instance", async () => {
    const attempts = DEFAULT_SIGN_IN_LIMITS.freeFailures + 3;
    const statusesOf = async (baseURL: string) => {
      const { email } = await signUp(newClientIp());
      const attacker = newClientIp();
      const statuses: number[] = [];
      const instances = new Set<string>();
      for (let n = 0; n < attempts; n++) {
        const res = await signIn(baseURL, attacker, email, "Mauvais-mot-de-passe-1");
        statuses.push(res.status);
        instances.add(res.instance);
      }
      return { statuses, instances };
    };
    const single = await statusesOf(instance("a").url);
    const spread = await statusesOf(cluster.proxyURL);
    expect(single.instances).toEqual(new Set(["a"]));
    expect(spread.instances).toEqual(new Set(["a", "b", "c"]));
    const expected = Array.from({ length: attempts }, (_, n) => (n < DEFAULT_SIGN_IN_LIMITS.freeFailures ? 401 : 429));
    expect(single.statuses).toEqual(expected);
    expect(spread.statuses).toEqual(expected);
  });

  it("the per-address limit of sign-in requests holds in total across the instances", async () => {
    const clientIp = newClientIp();
    const statuses: number[] = [];
    const instances = new Set<string>();
    for (let n = 0; n < AUTH_RATE_LIMIT_MAX + 2; n++) {
      // Unknown e-mails: only the per-address request limit is in play.
      const res = await signIn(cluster.proxyURL, clientIp, uniqueEmail("nobody"), "Mauvais-mot-de-passe-1");
      statuses.push(res.status);
      instances.add(res.instance);
    }
    expect(instances).toEqual(new Set(["a", "b", "c"]));
    expect(statuses.slice(0, AUTH_RATE_LIMIT_MAX).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(AUTH_RATE_LIMIT_MAX)).toEqual([429, 429]);
  });

  it("a notification raised on one instance reaches a stream held on another", async () => {
    const clientIp = newClientIp();
    const { cookie } = await signUp(clientIp);
    const address = await callShop(cluster, cluster.proxyURL, "POST", "/api/v1/addresses", { clientIp, cookie, body: HTTP_ADDRESS });
    const { rows } = await cluster.sql.query<{ id: string }>(
      "SELECT id FROM products WHERE variant_count = 1 AND stock_quantity > 10 ORDER BY price_cents DESC, id LIMIT 1",
    );
    const placed = await callShop(cluster, cluster.proxyURL, "POST", "/api/v1/orders", {
      clientIp,
      cookie,
      body: { address_id: address.json.data.id, contact: HTTP_CONTACT, card: HTTP_CARD, lines: [{ product_id: rows[0].id, quantity: 1 }] },
      headers: { "idempotency-key": randomUUID() },
    });
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    const order = placed.json.data;
    const adminIp = newClientIp();
    const adminCookie = await signInOwner(adminIp);

    const stream = await openStream(instance("b").url, cookie, clientIp);
    try {
      expect(stream.instance).toBe("b");
      const started = Date.now();
      const changed = await callShop(cluster, instance("a").url, "POST", "/api/v1/admin/order-status", {
        clientIp: adminIp,
        cookie: adminCookie,
        body: { order_id: order.id, status: "shipped" },
      });
      expect(changed.status, JSON.stringify(changed.json)).toBe(200);
      expect(changed.instance).toBe("a");
      await stream.until(() => stream.events.some((e) => e.data.metadata?.new_status === "shipped"), 2_000);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(stream.events.find((e) => e.data.metadata?.new_status === "shipped")).toMatchObject({
        event: "notification",
        data: { type: "order_status", title: `Commande ${order.number} expédiée` },
      });
    } finally {
      await stream.close();
    }
  });

  it("a daily job started by all three instances ran once", async () => {
    // Each instance counts its checks of the job at /metrics (success: it ran it; skipped: not
    // claimed). Once all three have checked it, each has had its chance to run it.
    const checks = async (instance: (typeof cluster.instances)[number]) => {
      const res = await fetch(`${instance.url}/metrics`, { headers: { authorization: `Bearer ${cluster.metricsToken}` } });
      const text = await res.text();
      const count = (outcome: string) =>
        Number(new RegExp(`aurore_job_runs_total\\{job="loyalty-expiry",outcome="${outcome}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
      return { success: count("success"), skipped: count("skipped") };
    };
    await timeUntilAll(
      cluster.instances.map((i) => i.name),
      async (name) => {
        const c = await checks(cluster.instances.find((i) => i.name === name)!);
        return c.success + c.skipped > 0;
      },
      30_000,
    );
    const counts = await Promise.all(cluster.instances.map(checks));
    expect(
      counts.reduce((sum, c) => sum + c.success, 0),
      JSON.stringify(counts),
    ).toBe(1);
    const { rows: table } = await cluster.sql.query<{ exists: boolean }>("SELECT to_regclass('public.job_runs') IS NOT NULL AS exists");
    expect(table[0].exists, "job runs are recorded in the job_runs table").toBe(true);
    const { rows } = await cluster.sql.query<{ name: string; last_started_at: Date | null; last_finished_at: Date | null }>(
      "SELECT name, last_started_at, last_finished_at FROM job_runs WHERE name = 'loyalty-expiry'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].last_finished_at).not.toBeNull();
    expect(rows[0].last_started_at!.getTime()).toBeGreaterThanOrEqual(cluster.startedAt - 1_000);
    // A finished run logs its result in one JSON line: {"job":"loyalty-expiry","result":...,"msg":"job finished"}.
    const ranHere = (line: string) => line.includes('"job":"loyalty-expiry"') && line.includes('"msg":"job finished"');
    const ran = cluster.instances.filter((i) => i.output().split("\n").some(ranHere));
    expect(ran.map((i) => i.name)).toHaveLength(1);
  });

  /**
   * Posts `send(n, clientIp)` from one new address, `count` times, or until the first 429 when
   * `count` is "until refused" (at most 100): the statuses and French messages answered.
   */
  const postRepeatedly = async (
    count: number | "until refused",
    send: (n: number, clientIp: string) => Promise<{ status: number; instance: string; message?: string }>,
  ) => {
    const clientIp = newClientIp();
    const answers: { status: number; instance: string; message?: string }[] = [];
    for (let n = 0; count === "until refused" ? n < 100 : n < count; n++) {
      answers.push(await send(n, clientIp));
      if (count === "until refused" && answers[n].status === 429) break;
    }
    return answers;
  };

  const subscribeToNewsletter = (baseURL: string) => async (_n: number, clientIp: string) => {
    // A form post without Origin (as from an older browser): fetch sends the instance's own Host.
    const res = await fetch(`${baseURL}/newsletter`, {
      method: "POST",
      headers: { "x-forwarded-for": clientIp, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: uniqueEmail("lettre") }),
    });
    const json = (await res.json()) as { message: string };
    return { status: res.status, instance: res.headers.get(INSTANCE_HEADER) ?? "?", message: json.message };
  };

  it("the newsletter form's per-address limit holds in total across the instances", async () => {
    // One instance alone refuses the submission after its limit (FORM_LIMITS.newsletter): the
    // number the requests spread over three instances must meet too.
    const single = await postRepeatedly("until refused", subscribeToNewsletter(instance("a").url));
    const limit = single.length - 1;
    expect(single.at(-1)).toMatchObject({ status: 429, message: expect.stringMatching(/^Trop de demandes/) });
    expect(limit).toBeGreaterThan(0);
    const spread = await postRepeatedly(limit + 2, subscribeToNewsletter(cluster.proxyURL));
    expect(new Set(spread.map((a) => a.instance))).toEqual(new Set(["a", "b", "c"]));
    expect(spread.map((a) => a.status)).toEqual([...Array(limit).fill(200), 429, 429]);
    expect(spread[limit].message).toBe(single[limit].message);
  });

  const checkGiftCard = (baseURL: string) => async (n: number, clientIp: string) => {
    const res = await callShop(cluster, baseURL, "POST", "/carte-cadeau", {
      clientIp,
      body: { intent: "balance", code: `AURO-${String(1000 + n)}-XXXX-YYYY` },
    });
    return { status: res.status, instance: res.instance };
  };

  it("the gift card balance check's per-address limit holds in total across the instances", async () => {
    const single = await postRepeatedly("until refused", checkGiftCard(instance("b").url));
    expect(single.length - 1).toBe(GIFT_CARD_CHECKS_PER_MINUTE);
    const spread = await postRepeatedly(GIFT_CARD_CHECKS_PER_MINUTE + 2, checkGiftCard(cluster.proxyURL));
    expect(new Set(spread.map((a) => a.instance))).toEqual(new Set(["a", "b", "c"]));
    // Unknown codes are answered 404 until the limit; then 429 whatever the code.
    expect(spread.slice(0, GIFT_CARD_CHECKS_PER_MINUTE).filter((a) => a.status === 429)).toEqual([]);
    expect(spread.slice(GIFT_CARD_CHECKS_PER_MINUTE).map((a) => a.status)).toEqual([429, 429]);
  });
});

/** Holds GET /api/v1/notifications/stream on `baseURL` and collects its events until `close()`. */
async function openStream(baseURL: string, cookie: string, clientIp: string) {
  const stream = await openNotificationStream(baseURL, { cookie, "x-forwarded-for": clientIp });
  return { ...stream, instance: stream.response.headers.get(INSTANCE_HEADER) };
}
