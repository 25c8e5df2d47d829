import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { BrowserServer } from "playwright-core";
import type { TestProject } from "vitest/node";
import { E2E_ADMIN } from "./accounts";
import { launchBrowserServer } from "./browser";
import { adminQuery, withDatabase } from "./db";
import type { E2EShop } from "./e2e-shop";
import { e2eWorkerCount } from "../../scripts/test-plan.mjs";
import { E2E_METRICS_TOKEN } from "./metrics";
import { stopChildProcess } from "./shop-process";
import { enrolTotp, signInCookie } from "./http-session";

/**
 * Builds the shop (unless SKIP_BUILD=1), then starts, for each of the e2e project's workers, the
 * production server on a free port with its own database (a temporary PGlite dir, or a database
 * of its own on the TEST_DATABASE_URL server) and a browser server, and hands them to the
 * journeys through `inject("e2eShops")` (tests/support/e2e-shop.ts picks the worker's).
 */
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

async function waitForServer(url: string, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`The shop server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The shop server did not answer on ${url} within ${timeoutMs} ms`);
}

type Started = { child: ChildProcess; dataDir: string; databaseUrl?: string; browser?: BrowserServer };
const started: Started[] = [];

/** One shop server on its own database and DATA_DIR, answering on a free port. */
async function startShop(root: string, index: number): Promise<E2EShop> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
  };
  env.PUBLIC_URL = `http://127.0.0.1:${port}`;
  // Every journey comes from 127.0.0.1: the per-address limits would add up across them.
  // The per-account-and-address delays keep their defaults (the brute-force journey checks them).
  env.AUTH_RATE_LIMIT_MAX ??= "1000";
  env.AUTH_SIGNIN_IP_MAX_FAILURES ??= "1000";
  env.AUTH_SECRET_CHECK_MAX_FAILURES ??= "1000";
  // The shop's request lines stay out of the test output; its warnings and errors do not.
  env.LOG_LEVEL ??= "warn";
  // The live chat takes conversations whatever the day and hour, and falls back to a ticket
  // after 15 s instead of 2 minutes, so its journeys run at any time and quickly (decision 047).
  env.CHAT_ALWAYS_OPEN ??= "true";
  env.CHAT_ANSWER_TIMEOUT_SECONDS ??= "15";
  // The webhook journeys post to a receiver on 127.0.0.1 and see a retry within a second (decision 050).
  env.WEBHOOK_ALLOW_PRIVATE ??= "true";
  env.WEBHOOK_RETRY_BASE_MS ??= "500";
  env.METRICS_TOKEN = E2E_METRICS_TOKEN;
  env.ADMIN_EMAIL = E2E_ADMIN.email;
  env.ADMIN_PASSWORD = E2E_ADMIN.password;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aurore-e2e-"));
  env.DATA_DIR = dataDir;
  const pgUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  if (pgUrl) {
    // Each worker's server has a database of its own, named after the test database.
    const name = `${new URL(pgUrl).pathname.slice(1) || "test"}_e2e_${index + 1}`.replace(/\W/g, "_");
    await adminQuery(pgUrl, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, `CREATE DATABASE ${name}`]);
    databaseUrl = withDatabase(pgUrl, name);
    env.DATABASE_URL = databaseUrl;
  } else {
    delete env.DATABASE_URL;
  }
  const child = spawn(process.execPath, ["server/server.mjs"], {
    cwd: root,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const entry: Started = { child, dataDir, databaseUrl };
  started.push(entry);
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForServer(`${baseURL}/robots.txt`, child);
  // Staff must use two-factor (decision 066): the owner enrols once, as a new shop's owner does
  // at the first sign-in, and the journeys sign in with codes computed from its secret.
  const { secret: adminTotpSecret } = await enrolTotp(
    baseURL,
    await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password),
    E2E_ADMIN.password,
  );
  // One browser per worker, which the worker's files connect to (tests/support/browser.ts).
  entry.browser = await launchBrowserServer();
  return { baseURL, dataDir, serverPid: child.pid ?? 0, databaseUrl, browserEndpoint: entry.browser.wsEndpoint(), adminTotpSecret };
}

export async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, "../..");
  if (process.env.SKIP_BUILD !== "1") {
    // vitest sets NODE_ENV=test, which would give the browser React's development build:
    // the journeys run against the same production build as `npm start`.
    const build = spawnSync("npx", ["react-router", "build"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (build.status !== 0) throw new Error("The build failed");
  }
  const count = e2eWorkerCount();
  const shops = await Promise.all(Array.from({ length: count }, (_, index) => startShop(root, index)));
  project.provide("e2eShops", shops);
}

export async function teardown() {
  await Promise.all(
    started.splice(0).map(async ({ child, dataDir, databaseUrl, browser }) => {
      await browser?.close().catch(() => undefined);
      await stopChildProcess(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
      const pgUrl = process.env.TEST_DATABASE_URL;
      if (pgUrl && databaseUrl) {
        const name = new URL(databaseUrl).pathname.slice(1);
        await adminQuery(pgUrl, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]).catch(() => undefined);
      }
    }),
  );
}
