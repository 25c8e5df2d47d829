/**
 * The built shop (the tests' build, AURORE_BUILD_DIR) started as a child process the test owns,
 * through `npm start`'s own entry (server/cluster.mjs: one process on PGlite, workers on
 * PostgreSQL), so that a test can signal it, kill its workers and read what it logs.
 */
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import path from "node:path";

export type ShopProcess = {
  child: ChildProcess;
  baseURL: string;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or 1 for a signal) and the time it was seen. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** SIGTERM, then SIGKILL after `graceMs` when it is still running. */
  stop(graceMs?: number): Promise<void>;
};

const root = path.resolve(import.meta.dirname, "../..");

export async function startShopProcess({ port, env }: { port: number; env: NodeJS.ProcessEnv }): Promise<ShopProcess> {
  const baseURL = `http://127.0.0.1:${port}`;
  const fullEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseURL,
    SEED_DEMO_DATA: "false",
    AUTH_RATE_LIMIT_MAX: "1000",
    // The checks read the operator lines (start-up, workers); under Vitest the logger is otherwise silent.
    LOG_LEVEL: "info",
    ...env,
  };
  for (const [key, value] of Object.entries(fullEnv)) if (value === undefined) delete fullEnv[key];
  const child = spawn(process.execPath, ["server/cluster.mjs"], { cwd: root, env: fullEnv, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const stop = async (graceMs = 15_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    await exited;
    clearTimeout(timer);
  };
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The shop exited with code ${child.exitCode} during start-up:\n${output}`);
    const res = await httpRequest(`${baseURL}/readyz`).catch(() => null);
    if (res?.status === 200) break;
    if (Date.now() - started > 120_000) {
      await stop();
      throw new Error(`The shop was not ready within 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, baseURL, output: () => output, exited, stop };
}

/** SIGTERM, then SIGKILL after `graceMs` when the child is still running; resolves once it is done. */
export async function stopChildProcess(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, graceMs))]);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

export type PlainResponse = { status: number; headers: http.IncomingHttpHeaders; body: string; ms: number };

/** One request on a connection of its own (no pooled keep-alive socket that may belong to a dead process). */
export function httpRequest(
  url: string,
  { headers = {}, timeoutMs = 15_000 }: { headers?: Record<string, string>; timeoutMs?: number } = {},
) {
  const started = Date.now();
  return new Promise<PlainResponse>((resolve, reject) => {
    const req = http.get(url, { agent: false, headers, timeout: timeoutMs }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, ms: Date.now() - started }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`no answer from ${url} within ${timeoutMs} ms`)));
    req.on("error", reject);
  });
}
