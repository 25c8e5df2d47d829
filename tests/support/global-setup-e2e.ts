import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { E2E_ADMIN } from "./accounts";
import { E2E_METRICS_TOKEN } from "./metrics";

/**
 * Builds the shop (unless SKIP_BUILD=1), starts the production server on a free port with its
 * own database (a temporary PGlite dir, or the TEST_DATABASE_URL server reset first), and
 * hands the address to the journeys through `inject("baseURL")`.
 */
let server: ChildProcess | undefined;
let dataDir: string | undefined;

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

async function resetPostgres(url: string): Promise<void> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("DROP SCHEMA IF EXISTS drizzle CASCADE");
    await client.query("DROP SCHEMA IF EXISTS public CASCADE");
    await client.query("CREATE SCHEMA public");
  } finally {
    await client.end();
  }
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
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aurore-e2e-"));
  env.DATA_DIR = dataDir;
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    await resetPostgres(pgUrl);
    env.DATABASE_URL = pgUrl;
  } else {
    delete env.DATABASE_URL;
  }
  server = spawn(process.execPath, ["server/server.mjs"], {
    cwd: root,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForServer(`${baseURL}/robots.txt`, server);
  project.provide("baseURL", baseURL);
  project.provide("dataDir", dataDir);
  project.provide("serverPid", server.pid ?? 0);
}

export async function teardown() {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    if (server.exitCode === null) server.kill("SIGKILL");
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** The server's DATA_DIR (mail written to files lands in its mail/ folder). */
    dataDir: string;
    /** The server's process id (its memory is read from /proc by the request limits test). */
    serverPid: number;
  }
}
