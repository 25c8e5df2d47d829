/**
 * Crash test of the checkout (decision 021): shoppers order over HTTP, the server is killed with
 * SIGKILL in the middle of the load, restarted on the same data, and the books must still add up.
 *
 *   npm run chaos:checkout
 *   npm run chaos:checkout -- --database-url postgres://postgres@127.0.0.1:5432/postgres
 *
 * Needs the production build (`npm run build`); builds nothing itself. Starts `server/server.mjs`
 * on 127.0.0.1 with a throwaway DATA_DIR (PGlite, the default) or a fresh database
 * `aurore_chaos_<random>` created on the given PostgreSQL server and dropped at the end.
 *
 * Checks, once the restarted server has reconciled payments and drained its outbox:
 *   - every order acknowledged to a shopper (200/201) exists, with its items;
 *   - for every product, stock + units in orders not cancelled = initial stock;
 *   - no payment attempt is left pending/charged, and every charge at the (simulated) acquirer
 *     either pays an order (no refund) or was refunded exactly once, in full;
 *   - the outbox is drained.
 * Prints the figures and exits 1 on any inconsistency. Only 127.0.0.1 is contacted.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase, rowsOf, type DatabaseHandle } from "../app/.server/db/client";
import { freePort } from "../bench/lib";
import { adminQuery, withDatabase } from "../tests/support/db";
import { signUpCookie } from "../tests/support/http-session";
import { apiCall, HTTP_ADDRESS, HTTP_CARD, HTTP_CONTACT } from "../tests/support/orders-http";

const { values } = parseArgs({
  options: {
    "database-url": { type: "string" },
    shoppers: { type: "string", default: "20" },
    /** Seconds of load before the kill (or --kill-after-orders acknowledged, whichever first). */
    "kill-after": { type: "string", default: "8" },
    "kill-after-orders": { type: "string", default: "250" },
    /** Seconds of load after the restart. */
    "load-after": { type: "string", default: "5" },
    /** The reconciliation's grace period for this run (seconds). */
    grace: { type: "string", default: "3" },
    /** Hard limit for the whole run (seconds). */
    timeout: { type: "string", default: "120" },
    keep: { type: "boolean", default: false },
  },
});

const root = path.resolve(import.meta.dirname, "..");
const SHOPPERS = Number(values.shoppers);
const KILL_AFTER_MS = Number(values["kill-after"]) * 1000;
const KILL_AFTER_ORDERS = Number(values["kill-after-orders"]);
const LOAD_AFTER_MS = Number(values["load-after"]) * 1000;
const GRACE_S = Number(values.grace);
const OUTBOX_LEASE_S = 5;
const serverUrl = values["database-url"];
const ADMIN = { email: "chaos-admin@aurore.test", password: "Chaos-Admin-Secret-1" };
const PASSWORD = "Chaos-Shopper-1!";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const since = (t: number) => `${((Date.now() - t) / 1000).toFixed(1)} s`;

type Line = { product_id: string; quantity: number };
type Shopper = { email: string; cookie: string; addressId: string };
type Ack = { orderId: string; email: string; lines: Line[]; replayed: boolean };

/* ------------------------------------------------------------------------------------------ */
/* The server                                                                                  */
/* ------------------------------------------------------------------------------------------ */

class Shop {
  child: ChildProcess | null = null;
  readonly url: string;
  private readonly log: fs.WriteStream;
  constructor(
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
    readonly logFile: string,
  ) {
    this.url = `http://127.0.0.1:${port}`;
    this.log = fs.createWriteStream(logFile, { flags: "a" });
  }

  async start(): Promise<number> {
    const t0 = Date.now();
    this.log.write(`\n----- start ${new Date().toISOString()} -----\n`);
    const child = spawn(process.execPath, ["server/server.mjs"], { cwd: root, env: this.env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout!.pipe(this.log, { end: false });
    child.stderr!.pipe(this.log, { end: false });
    this.child = child;
    for (;;) {
      if (child.exitCode !== null || child.signalCode)
        throw new Error(`the server exited (${child.exitCode ?? child.signalCode}); see ${this.logFile}`);
      try {
        if ((await fetch(`${this.url}/robots.txt`, { signal: AbortSignal.timeout(2000) })).ok) return Date.now() - t0;
      } catch {
        // not listening yet
      }
      if (Date.now() - t0 > 60_000) throw new Error(`the server did not answer within 60 s; see ${this.logFile}`);
      await sleep(100);
    }
  }

  /** kill -9: no shutdown code runs (the PGlite worker thread dies with the process). */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  }

  /** A clean stop (SIGTERM): the database is closed, so this script may open it. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  }

  tail(lines = 30): string {
    return fs.readFileSync(this.logFile, "utf8").split("\n").slice(-lines).join("\n");
  }

  grep(pattern: RegExp): string[] {
    return fs
      .readFileSync(this.logFile, "utf8")
      .split("\n")
      .filter((l) => pattern.test(l));
  }
}

/* ------------------------------------------------------------------------------------------ */
/* The database, read by this script only while the server is stopped (PGlite: one process)     */
/* ------------------------------------------------------------------------------------------ */

async function rows<T>(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await handle.db.execute(query));
}

/* ------------------------------------------------------------------------------------------ */
/* Shoppers                                                                                    */
/* ------------------------------------------------------------------------------------------ */

async function createShopper(url: string, i: number): Promise<Shopper> {
  const email = `chaos-${i}-${randomBytes(3).toString("hex")}@example.com`;
  // A name as a person has one (the sign-up refuses digits in names).
  const cookie = await signUpCookie(url, email, PASSWORD, `Cliente ${String.fromCharCode(65 + (i % 26))}`);
  const address = await apiCall(url, "POST", "/api/v1/addresses", cookie, HTTP_ADDRESS);
  if (address.status !== 201) throw new Error(`address for ${email}: ${address.status} ${JSON.stringify(address.json)}`);
  return { email, cookie, addressId: address.json.data.id };
}

type Outcome = "acknowledged" | "refused" | "network" | "server_error";

class Load {
  readonly acks: Ack[] = [];
  readonly counts: Record<string, number> = {};
  readonly serverErrors: string[] = [];
  /** Requests cut by the kill: retried once with the same key after the restart. */
  interrupted = 0;
  retriedAcknowledged = 0;
  running = true;
  private down: Promise<void> | null = null;
  private up: (() => void) | null = null;

  constructor(
    private readonly shop: Shop,
    private readonly productIds: string[],
  ) {}

  serverDown() {
    this.down = new Promise((resolve) => (this.up = resolve));
  }
  serverUp() {
    this.up?.();
    this.down = null;
  }

  private count(key: string) {
    this.counts[key] = (this.counts[key] ?? 0) + 1;
  }

  private randomLines(): Line[] {
    const n = Math.random() < 0.3 ? 2 : 1;
    const picked = new Set<string>();
    while (picked.size < n) picked.add(this.productIds[Math.floor(Math.random() * this.productIds.length)]);
    return [...picked].map((product_id) => ({ product_id, quantity: 1 + Math.floor(Math.random() * 2) }));
  }

  private async post(shopper: Shopper, key: string, lines: Line[]): Promise<Outcome> {
    try {
      const res = await fetch(`${this.shop.url}/api/v1/orders`, {
        method: "POST",
        headers: { origin: this.shop.url, cookie: shopper.cookie, "content-type": "application/json", "idempotency-key": key },
        body: JSON.stringify({ address_id: shopper.addressId, contact: HTTP_CONTACT, card: HTTP_CARD, lines }),
        signal: AbortSignal.timeout(30_000),
      });
      const json = (await res.json().catch(() => ({}))) as { data?: { id: string }; error?: { code?: string; message?: string } };
      if ((res.status === 201 || res.status === 200) && json.data) {
        this.acks.push({ orderId: json.data.id, email: shopper.email, lines, replayed: res.status === 200 });
        this.count(String(res.status));
        return "acknowledged";
      }
      this.count(`${res.status} ${json.error?.code ?? ""}`.trim());
      if (res.status >= 500) {
        this.serverErrors.push(`${res.status} ${json.error?.code}: ${json.error?.message}`);
        return "server_error";
      }
      return "refused";
    } catch {
      return "network";
    }
  }

  async shopperLoop(shopper: Shopper): Promise<void> {
    while (this.running) {
      if (this.down) await this.down;
      const key = randomUUID();
      const lines = this.randomLines();
      const first = await this.post(shopper, key, lines);
      if (first !== "network") continue;
      // The page keeps the key after a network failure: the retry must not order twice.
      this.interrupted += 1;
      while (!this.down && this.running) await sleep(50); // the kill is seen here first
      if (this.down) await this.down;
      const retried = await this.post(shopper, key, lines);
      if (retried === "acknowledged") this.retriedAcknowledged += 1;
      if (retried === "network") this.count("network after restart");
    }
  }
}

/* ------------------------------------------------------------------------------------------ */
/* The run                                                                                     */
/* ------------------------------------------------------------------------------------------ */

async function main() {
  if (!fs.existsSync(path.join(root, "build", "server", "index.js"))) {
    console.error("No production build in build/: run `npm run build` first (this script builds nothing).");
    process.exit(2);
  }
  const t0 = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aurore-chaos-"));
  const dbName = `aurore_chaos_${randomBytes(4).toString("hex")}`;
  const databaseUrl = serverUrl ? withDatabase(serverUrl, dbName) : undefined;
  if (serverUrl) await adminQuery(serverUrl, [`CREATE DATABASE ${dbName}`]);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO_DATA: "true",
    // 20 sign-ups from one address in a few seconds.
    AUTH_RATE_LIMIT_MAX: "100000",
    PAYMENT_RECONCILE_GRACE_SECONDS: String(GRACE_S),
    OUTBOX_LEASE_SECONDS: String(OUTBOX_LEASE_S),
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const shop = new Shop(port, env, path.join(dataDir, "server.log"));
  const engine = serverUrl ? `PostgreSQL (${dbName})` : "PGlite";
  const watchdog = setTimeout(
    () => {
      console.error(`Time limit of ${values.timeout} s reached.\n${shop.tail()}`);
      void shop.kill().finally(() => process.exit(1));
    },
    Number(values.timeout) * 1000,
  );
  watchdog.unref();

  const open = (): Promise<DatabaseHandle> =>
    databaseUrl
      ? openDatabase({ kind: "postgres", url: databaseUrl, poolSize: 2 })
      : openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });

  let failed = true;
  try {
    // 1. First start: migrations and the demo catalogue; then stopped cleanly to read the stock.
    console.log(`chaos:checkout on ${engine}, ${SHOPPERS} shoppers, data in ${dataDir}`);
    await shop.start();
    await shop.stop();
    const initial = new Map<string, number>();
    {
      const handle = await open();
      for (const p of await rows<{ id: string; stock: number }>(handle, sql`SELECT id, stock_quantity AS stock FROM products`))
        initial.set(p.id, Number(p.stock));
      await handle.close();
    }

    // 2. The shop again, shoppers signed up, each with an address.
    await shop.start();
    const shoppers: Shopper[] = [];
    for (let i = 0; i < SHOPPERS; i++) shoppers.push(await createShopper(shop.url, i));
    const list = await apiCall(shop.url, "GET", "/api/v1/products?sort=price_asc&page_size=40", null);
    // Mostly well-stocked products (orders keep succeeding), plus two nearly sold out ones
    // (shoppers race for the last units: refusals after the charge, refunded on the spot).
    // One-variant products: an order line names a product alone only for those.
    const inStock = (list.json.data as { id: string; in_stock: boolean; stock_quantity: number; variant_count: number }[])
      .filter((p) => p.in_stock && p.stock_quantity > 0 && p.variant_count === 1)
      .sort((a, b) => b.stock_quantity - a.stock_quantity);
    const productIds = [...new Set([...inStock.slice(0, 6), ...inStock.slice(-2)].map((p) => p.id))];
    if (productIds.length === 0) throw new Error("no product in stock");
    console.log(
      `${shoppers.length} shoppers signed up; ordering among ${productIds.length} products (initial stock ${productIds.map((id) => initial.get(id)).join(", ")})`,
    );

    // 3. Load, then kill -9 in the middle of it.
    const load = new Load(shop, productIds);
    const loops = shoppers.map((s) => load.shopperLoop(s));
    const loadStarted = Date.now();
    while (Date.now() - loadStarted < KILL_AFTER_MS && load.acks.length < KILL_AFTER_ORDERS) await sleep(50);
    load.serverDown();
    const killedAt = Date.now();
    const acksBeforeKill = load.acks.length;
    await shop.kill();
    console.log(`kill -9 after ${since(loadStarted)} of load, ${acksBeforeKill} orders acknowledged`);

    // 4. Restart on the same data; interrupted requests are retried with their key.
    const bootMs = await shop.start();
    const recoveredMs = Date.now() - killedAt;
    console.log(`restarted: answering ${recoveredMs} ms after the kill (boot ${bootMs} ms)`);
    load.serverUp();
    const resumed = Date.now();
    while (Date.now() - resumed < LOAD_AFTER_MS) await sleep(50);
    load.running = false;
    await Promise.all(loops);
    const loadEnded = Date.now();

    // 5. Let reconciliation pass (first pass 5 s after boot, then every grace period) and the
    // outbox drain (claims cut by the kill come back after their lease): wait until the mail
    // folder stops growing, within a limit.
    const mailDir = path.join(dataDir, "mail");
    const mailCount = () => (fs.existsSync(mailDir) ? fs.readdirSync(mailDir).length : 0);
    const settleUntil = Math.max(
      loadEnded + (2 * GRACE_S + 2) * 1000,
      resumed + (5 + GRACE_S + 1) * 1000,
      killedAt + (OUTBOX_LEASE_S + 3) * 1000,
    );
    let last = -1;
    let stableSince = Date.now();
    const drainLimit = Date.now() + 40_000;
    while (Date.now() < drainLimit) {
      const n = mailCount();
      if (n !== last) {
        last = n;
        stableSince = Date.now();
      }
      if (Date.now() >= settleUntil && Date.now() - stableSince >= 3000) break;
      await sleep(250);
    }
    const settledMs = Date.now() - killedAt;
    const reconciliationLog = shop.grep(/\[jobs\] payment-reconciliation/);
    await shop.stop();

    // 6. The books.
    const problems: string[] = [];
    const handle = await open();
    try {
      // Every acknowledged order, with its items.
      const ackIds = [...new Set(load.acks.map((a) => a.orderId))];
      const found = new Map<string, { email: string; status: string }>();
      const items = new Map<string, Map<string, number>>();
      if (ackIds.length > 0) {
        const idList = sql.join(
          ackIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        );
        for (const o of await rows<{ id: string; email: string; status: string }>(
          handle,
          sql`SELECT o.id, u.email, o.status FROM orders o JOIN "user" u ON u.id = o.user_id WHERE o.id IN (${idList})`,
        ))
          found.set(o.id, { email: o.email, status: o.status });
        for (const i of await rows<{ order_id: string; product_id: string; quantity: number }>(
          handle,
          sql`SELECT order_id, product_id, quantity FROM order_items WHERE order_id IN (${idList})`,
        )) {
          const m = items.get(i.order_id) ?? new Map<string, number>();
          m.set(i.product_id, (m.get(i.product_id) ?? 0) + Number(i.quantity));
          items.set(i.order_id, m);
        }
      }
      for (const ack of load.acks) {
        const order = found.get(ack.orderId);
        if (!order) {
          problems.push(`order ${ack.orderId} acknowledged to ${ack.email} is missing`);
          continue;
        }
        if (order.email !== ack.email) problems.push(`order ${ack.orderId} belongs to ${order.email}, not ${ack.email}`);
        const got = items.get(ack.orderId) ?? new Map();
        const want = new Map(ack.lines.map((l) => [l.product_id, l.quantity]));
        const same = got.size === want.size && [...want].every(([id, q]) => got.get(id) === q);
        if (!same) problems.push(`order ${ack.orderId} has items ${JSON.stringify([...got])}, expected ${JSON.stringify([...want])}`);
      }

      // Stock + units sold = initial stock, for every product.
      const stock = await rows<{ id: string; stock: number; sold: number }>(
        handle,
        sql`SELECT p.id, p.stock_quantity AS stock,
              coalesce(sum(oi.quantity) FILTER (WHERE o.status NOT IN ('cancelled', 'returned')), 0)::int AS sold
            FROM products p LEFT JOIN order_items oi ON oi.product_id = p.id LEFT JOIN orders o ON o.id = oi.order_id
            GROUP BY p.id`,
      );
      let unitsSold = 0;
      for (const p of stock) {
        unitsSold += Number(p.sold);
        const before = initial.get(p.id);
        if (before === undefined) problems.push(`product ${p.id} appeared during the run`);
        else if (Number(p.stock) + Number(p.sold) !== before) {
          problems.push(`product ${p.id}: stock ${p.stock} + sold ${p.sold} != initial ${before}`);
        }
        if (Number(p.stock) < 0) problems.push(`product ${p.id}: negative stock ${p.stock}`);
      }
      if (stock.length !== initial.size) problems.push(`${initial.size} products before, ${stock.length} after`);

      // Payments: attempts settled, every charge paying an order or refunded once, in full.
      const attempts = await rows<{ status: string; n: number }>(
        handle,
        sql`SELECT status, count(*)::int AS n FROM payment_attempts GROUP BY status ORDER BY status`,
      );
      const byStatus = Object.fromEntries(attempts.map((a) => [a.status, Number(a.n)]));
      for (const s of ["pending", "charged", "refunding"]) {
        if (byStatus[s]) problems.push(`${byStatus[s]} payment attempt(s) still ${s} after reconciliation`);
      }
      const charges = await rows<{
        id: string;
        amount: number;
        refunds: number;
        refunded: number;
        order_id: string | null;
        order_total: number | null;
      }>(
        handle,
        sql`SELECT c.id, c.amount_cents AS amount,
              (SELECT count(*)::int FROM simulated_acquirer_refunds r WHERE r.payment_id = c.id) AS refunds,
              (SELECT coalesce(sum(r.amount_cents), 0)::int FROM simulated_acquirer_refunds r WHERE r.payment_id = c.id) AS refunded,
              o.id AS order_id, (o.total_cents - o.gift_card_cents) AS order_total
            FROM simulated_acquirer_charges c
            LEFT JOIN payment_attempts a ON a.provider = 'simulated' AND a.provider_payment_id = c.id AND a.status = 'linked'
            LEFT JOIN orders o ON o.id = a.order_id AND o.metadata #>> '{payment,payment_id}' = c.id
            WHERE c.account = 'aurore'`,
      );
      let paying = 0;
      let refundedOnce = 0;
      let refundedCents = 0;
      for (const c of charges) {
        refundedCents += Number(c.refunded);
        if (c.order_id) {
          paying += 1;
          if (Number(c.refunds) > 0) problems.push(`charge ${c.id} pays order ${c.order_id} but was refunded`);
          if (Number(c.order_total) !== Number(c.amount)) problems.push(`charge ${c.id} of ${c.amount} for an order of ${c.order_total}`);
        } else if (Number(c.refunds) === 1 && Number(c.refunded) === Number(c.amount)) {
          refundedOnce += 1;
        } else {
          problems.push(`charge ${c.id} of ${c.amount} cents has no order and ${c.refunds} refund(s) of ${c.refunded} cents`);
        }
      }
      const [orderCount] = await rows<{ n: number; unpaid: number }>(
        handle,
        sql`SELECT count(*)::int AS n,
              count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM payment_attempts a WHERE a.order_id = o.id AND a.status = 'linked'))::int AS unpaid
            FROM orders o`,
      );
      if (Number(orderCount.unpaid) > 0) problems.push(`${orderCount.unpaid} order(s) without a linked payment`);
      if (paying !== Number(orderCount.n)) problems.push(`${orderCount.n} orders but ${paying} charges paying one`);

      // The outbox.
      const [outbox] = await rows<{ total: number; backlog: number; given_up: number }>(
        handle,
        sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE processed_at IS NULL)::int AS backlog,
              count(*) FILTER (WHERE processed_at IS NULL AND attempts >= 5)::int AS given_up FROM outbox`,
      );
      if (Number(outbox.backlog) > 0) problems.push(`outbox not drained: ${outbox.backlog} mail(s) unsent (${outbox.given_up} given up)`);
      const messageIds = (fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []).map(
        (f) => /^Message-ID: (.+)$/im.exec(fs.readFileSync(path.join(mailDir, f), "utf8"))?.[1]?.trim() ?? "",
      );
      const resent = messageIds.length - new Set(messageIds).size;

      console.log("");
      console.table({
        engine: { value: engine },
        "orders acknowledged (200/201)": { value: load.acks.length },
        "  of which before the kill": { value: acksBeforeKill },
        "  of which replays (200)": { value: load.acks.filter((a) => a.replayed).length },
        "orders found in the database": { value: Number(orderCount.n) },
        "  acknowledged ones found with their items": { value: load.acks.length - problems.filter((p) => p.startsWith("order ")).length },
        "requests cut by the kill (retried with their key)": { value: load.interrupted },
        "  retries acknowledged": { value: load.retriedAcknowledged },
        "answers by status": { value: JSON.stringify(load.counts) },
        "units sold": { value: unitsSold },
        "payment attempts by status": { value: JSON.stringify(byStatus) },
        "acquirer charges": { value: charges.length },
        "  paying an order": { value: paying },
        "  refunded once, in full": { value: refundedOnce },
        "refunded (cents)": { value: refundedCents },
        "reconciliation passes that acted": { value: reconciliationLog.length },
        "outbox rows / backlog": { value: `${outbox.total} / ${outbox.backlog}` },
        "mails written / resent with the same Message-ID": { value: `${messageIds.length} / ${resent}` },
        "answering again after the kill": { value: `${recoveredMs} ms` },
        "settled (reconciled, outbox drained) after the kill": { value: `${(settledMs / 1000).toFixed(1)} s` },
        "total time": { value: since(t0) },
      });
      for (const line of reconciliationLog) console.log(`  ${line.trim()}`);
      if (load.serverErrors.length > 0)
        problems.push(`${load.serverErrors.length} 5xx answer(s): ${[...new Set(load.serverErrors)].slice(0, 3).join("; ")}`);
      if (load.acks.length === 0) problems.push("no order was acknowledged: the load did not run");
    } finally {
      await handle.close();
    }

    if (problems.length > 0) {
      console.error(`\n${problems.length} inconsistenc${problems.length > 1 ? "ies" : "y"}:`);
      for (const p of problems.slice(0, 30)) console.error(`  - ${p}`);
      console.error(`\nServer log: ${shop.logFile}`);
    } else {
      console.log(
        "\nConsistent: every acknowledged order is there, stock adds up, every charge pays an order or was refunded once, the outbox is drained.",
      );
      failed = false;
    }
  } catch (error) {
    console.error(error);
    console.error(`\nLast lines of the server log (${shop.logFile}):\n${fs.existsSync(shop.logFile) ? shop.tail() : ""}`);
  } finally {
    await shop.kill();
    if (serverUrl)
      await adminQuery(serverUrl, [`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`]).catch((e) =>
        console.error(`could not drop ${dbName}:`, e),
      );
    if (!values.keep && !failed) fs.rmSync(dataDir, { recursive: true, force: true });
    else console.log(`Data kept in ${dataDir}`);
    clearTimeout(watchdog);
  }
  process.exit(failed ? 1 : 0);
}

void main();
