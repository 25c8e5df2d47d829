/**
 * The multi-instance harness: three instances of the built shop (server/server.mjs from
 * .tmp/test-build) on ONE fresh PostgreSQL database, started at the same moment so their
 * migrations and demo seed race, behind HAProxy in round-robin.
 *
 * - Database: `<TEST_DATABASE_URL's database>_multi`, dropped and created empty for each run.
 * - Build: the e2e global setup (or CI, with SKIP_BUILD=1) has built .tmp/test-build; when it is
 *   missing, it is built here once.
 * - Instances: the same SESSION_SECRET and admin account, PUBLIC_URL = the proxy's address (as
 *   behind a real load balancer), PAGE_CACHE and READ_MEMOS on, each with its own DATA_DIR (mail
 *   files), and INSTANCE_NAME a, b, c, which the server echoes in `X-Aurore-Instance`.
 * - Proxy: a generated haproxy.cfg in a temporary folder, checked with `haproxy -c`, then run in
 *   the foreground (`-db`) as a child process. `option forwardfor` passes the client address;
 *   the shop trusts the loopback proxy, so a test can act as several clients by sending its own
 *   X-Forwarded-For (each test uses its own addresses, so per-address limits do not mix).
 * - Requests sent to one instance directly carry the proxy's Host and Origin, as the proxy
 *   would forward them (the shop refuses a mutation whose Origin is not its own host).
 *
 * Ports come from the 4300-4399 range this suite owns (proxy 4300, instances 4301-4303) unless
 * MULTI_BASE_PORT moves them.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { E2E_ADMIN } from "../../support/accounts";

export const ROOT = path.resolve(import.meta.dirname, "../../..");
const BUILD_DIR = process.env.AURORE_BUILD_DIR || ".tmp/test-build";
export const INSTANCE_NAMES = ["a", "b", "c"] as const;
export type InstanceName = (typeof INSTANCE_NAMES)[number];
export const INSTANCE_HEADER = "x-aurore-instance";

export type Instance = {
  name: InstanceName;
  port: number;
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
};

export type Cluster = {
  /** The proxy's address: what the tests call, and every instance's PUBLIC_URL. */
  proxyURL: string;
  instances: Instance[];
  databaseUrl: string;
  /** A client of the test database (for set-up and checks done in SQL). */
  sql: pg.Pool;
  /** When the three instances were spawned (ms since the epoch). */
  startedAt: number;
  /** The bearer token each instance's /metrics asks for. */
  metricsToken: string;
  stop: () => Promise<void>;
};

/** The suite's database: the test server's database name with `_multi` appended. */
export function multiDatabaseUrl(testDatabaseUrl: string): { admin: string; multi: string; name: string } {
  const url = new URL(testDatabaseUrl);
  const name = `${decodeURIComponent(url.pathname.slice(1)) || "postgres"}_multi`;
  const multi = new URL(url);
  multi.pathname = `/${name}`;
  // Dropped and created from the server's maintenance database, which always exists.
  const admin = new URL(url);
  admin.pathname = "/postgres";
  return { admin: admin.toString(), multi: multi.toString(), name };
}

async function recreateDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const quoted = `"${name.replace(/"/g, '""')}"`;
    await client.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${quoted}`);
  } finally {
    await client.end();
  }
}

function ensureBuild(): void {
  if (fs.existsSync(path.join(ROOT, BUILD_DIR, "server", "index.js"))) return;
  const build = spawnSync("npx", ["react-router", "build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production", AURORE_BUILD_DIR: BUILD_DIR },
  });
  if (build.status !== 0) throw new Error("The build of the shop failed");
}

export function haproxyConfig(proxyPort: number, instances: { name: string; port: number }[]): string {
  return [
    "global",
    "  maxconn 4096",
    "defaults",
    "  mode http",
    "  timeout connect 5s",
    "  timeout client 120s",
    "  timeout server 120s",
    // Notification streams stay open; the shop sends a comment every 25 s.
    "  timeout tunnel 1h",
    "  option forwardfor",
    "frontend shop",
    `  bind 127.0.0.1:${proxyPort}`,
    "  default_backend instances",
    "backend instances",
    // Every request is balanced on its own (no stickiness): consecutive requests land on a, b, c.
    "  balance roundrobin",
    ...instances.map((i) => `  server ${i.name} 127.0.0.1:${i.port}`),
    "",
  ].join("\n");
}

async function waitUntilServing(instance: Instance, timeoutMs: number): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (instance.child.exitCode !== null) {
      throw new Error(`instance ${instance.name} exited with ${instance.child.exitCode} while starting:\n${tail(instance.output())}`);
    }
    const ok = await fetch(`${instance.url}/robots.txt`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    if (Date.now() - started > timeoutMs)
      throw new Error(`instance ${instance.name} did not answer within ${timeoutMs} ms:\n${tail(instance.output())}`);
    await sleep(200);
  }
}

function tail(text: string, lines = 40): string {
  return text.split("\n").slice(-lines).join("\n");
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startCluster(testDatabaseUrl: string): Promise<Cluster> {
  ensureBuild();
  const { admin, multi, name } = multiDatabaseUrl(testDatabaseUrl);
  await recreateDatabase(admin, name);

  const base = Number(process.env.MULTI_BASE_PORT ?? 4300);
  const proxyPort = base;
  const proxyURL = `http://127.0.0.1:${proxyPort}`;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "aurore-multi-"));
  const sessionSecret = randomBytes(32).toString("hex");
  const metricsToken = randomBytes(16).toString("hex");
  const children: ChildProcess[] = [];

  const spawnInstance = (instanceName: InstanceName, index: number): Instance => {
    const port = base + 1 + index;
    const dataDir = path.join(tmp, `data-${instanceName}`);
    fs.mkdirSync(dataDir, { recursive: true });
    const child = spawn(process.execPath, ["server/server.mjs"], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        AURORE_BUILD_DIR: BUILD_DIR,
        HOST: "127.0.0.1",
        PORT: String(port),
        PUBLIC_URL: proxyURL,
        DATABASE_URL: multi,
        DATA_DIR: dataDir,
        SESSION_SECRET: sessionSecret,
        SEED_DEMO_DATA: "true",
        PAGE_CACHE: "on",
        READ_MEMOS: "on",
        WEB_CONCURRENCY: "1",
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        INSTANCE_NAME: instanceName,
        METRICS_TOKEN: metricsToken,
        // The checks read the instances' log lines (which one ran a job); under Vitest the logger is otherwise silent.
        LOG_LEVEL: "info",
        // Past the free failures, a sign-in waits long enough that the test's next tries fall
        // inside the wait whatever the machine's speed (the number of free failures is the default).
        AUTH_SIGNIN_FIRST_DELAY_SECONDS: "30",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    return { name: instanceName, port, url: `http://127.0.0.1:${port}`, child, output: () => output };
  };
  // MULTI_STAGGER_START=1 (diagnosis only): a first, then b and c once a serves, to exercise the
  // rest of the suite on a build whose start-up does not survive the race.
  const stagger = process.env.MULTI_STAGGER_START === "1";
  const instances: Instance[] = [spawnInstance("a", 0)];
  if (stagger) await waitUntilServing(instances[0], 120_000).catch(() => undefined);
  instances.push(spawnInstance("b", 1), spawnInstance("c", 2));
  const startedAt = Date.now();

  const configPath = path.join(tmp, "haproxy.cfg");
  fs.writeFileSync(configPath, haproxyConfig(proxyPort, instances));
  let proxy: ChildProcess | undefined;
  const sql = new pg.Pool({ connectionString: multi, max: 4 });

  const stop = async () => {
    await sql.end().catch(() => undefined);
    keepAlive.destroy();
    const all = [...children, ...(proxy ? [proxy] : [])].filter((c) => c.exitCode === null && c.signalCode === null);
    for (const c of all) c.kill("SIGTERM");
    await Promise.race([Promise.all(all.map((c) => new Promise((r) => c.once("exit", r)))), sleep(5_000)]);
    for (const c of all) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
    fs.rmSync(tmp, { recursive: true, force: true });
  };

  try {
    const check = spawnSync("haproxy", ["-c", "-f", configPath], { encoding: "utf8" });
    if (check.status !== 0) throw new Error(`haproxy -c refused the configuration:\n${check.stdout}${check.stderr}`);
    await Promise.all(instances.map((i) => waitUntilServing(i, 120_000)));
    proxy = spawn("haproxy", ["-f", configPath, "-db"], { stdio: ["ignore", "ignore", "inherit"] });
    const proxyStarted = Date.now();
    while (
      !(await fetch(`${proxyURL}/robots.txt`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (proxy.exitCode !== null) throw new Error(`haproxy exited with ${proxy.exitCode}`);
      if (Date.now() - proxyStarted > 10_000) throw new Error("haproxy did not answer within 10 s");
      await sleep(100);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { proxyURL, instances, databaseUrl: multi, sql, startedAt, metricsToken, stop };
}

/** Which instance answered (the test-only header the server sets from INSTANCE_NAME). */
export function answeredBy(res: Response): string {
  return res.headers.get(INSTANCE_HEADER) ?? "?";
}

/**
 * Headers of a request as the proxy forwards it: the proxy's Host and Origin (the shop's own
 * origin), the client's address in X-Forwarded-For. Used for requests sent through the proxy and
 * to one instance directly alike.
 */
export function shopHeaders(
  cluster: Pick<Cluster, "proxyURL">,
  clientIp: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return { host: new URL(cluster.proxyURL).host, origin: cluster.proxyURL, "x-forwarded-for": clientIp, ...extra };
}

/** A distinct fake client address per call, so per-address limits of one test never touch another's. */
let nextClient = 1;
export function newClientIp(): string {
  const n = nextClient++;
  return `10.${Math.floor(n / 250) % 250}.${n % 250}.${10 + (process.pid % 200)}`;
}

export type JsonAnswer = { status: number; instance: string; json: Record<string, any>; headers: Headers };

/**
 * One JSON call to `baseURL` (the proxy or one instance) as client `clientIp`. Through node:http
 * rather than fetch: fetch always sends the Host of the URL, and a request sent to one instance
 * directly must carry the proxy's.
 */
export async function callShop(
  cluster: Pick<Cluster, "proxyURL">,
  baseURL: string,
  method: string,
  pathAndQuery: string,
  options: {
    clientIp: string;
    cookie?: string | null;
    body?: unknown;
    /** A page form's fields, sent url-encoded instead of a JSON body (a back-office action). */
    form?: Record<string, string>;
    headers?: Record<string, string>;
  },
): Promise<JsonAnswer> {
  const form = options.form ? Buffer.from(new URLSearchParams(options.form).toString()) : undefined;
  const payload = form ?? (options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body)));
  const headers = shopHeaders(cluster, options.clientIp, {
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...(payload
      ? { "content-type": form ? "application/x-www-form-urlencoded" : "application/json", "content-length": String(payload.length) }
      : {}),
    ...options.headers,
  });
  const {
    status,
    headers: answered,
    text,
  } = await new Promise<{ status: number; headers: Headers; text: string }>((resolve, reject) => {
    const req = http.request(`${baseURL}${pathAndQuery}`, { method, headers, agent: keepAlive }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const out = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(name, v);
        }
        resolve({ status: res.statusCode ?? 0, headers: out, text: Buffer.concat(chunks).toString("utf8") });
      });
    });
    req.on("error", reject);
    req.end(payload);
  });
  let json: Record<string, any>;
  try {
    json = JSON.parse(text) as Record<string, any>;
  } catch {
    json = { raw: text };
  }
  return { status, instance: answered.get(INSTANCE_HEADER) ?? "?", json, headers: answered };
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 64 });

export function cookieHeaderFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}
