import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import * as nodeModule from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

/** Latency percentiles from raw samples (ms). */
export function percentiles(samples: number[]): { p50: number; p95: number; p99: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted[sorted.length - 1] ?? NaN };
}

/** The middle of the values (the mean of the two middle ones for an even count): a run's figure across rounds. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export type LoadResult = {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
};

/** autocannon run that records every response time, so p95 is exact (autocannon reports p97.5). */
export async function load(
  name: string,
  url: string,
  opts: { connections: number; duration: number; headers?: Record<string, string>; paths?: string[] },
): Promise<LoadResult> {
  const samples: number[] = [];
  // `paths`: each connection cycles through these paths of `url`'s origin instead of asking for `url` alone.
  const requests = opts.paths?.map((path) => ({ method: "GET" as const, path }));
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections: opts.connections, duration: opts.duration, headers: opts.headers, requests },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => {
      samples.push(responseTime);
    });
  });
  const p = percentiles(samples);
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: round(p.p50),
    p95: round(p.p95),
    p99: round(p.p99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

/**
 * The same measure with wrk (Debian package `wrk`) instead of autocannon. On a 2-core machine the
 * load generator shares the cores with the server it measures: autocannon (JavaScript) takes most
 * of a core, which hides what a second server worker brings; wrk (C, one thread) takes a few
 * percent. Its latency percentiles come from its own histogram.
 */
export async function loadWithWrk(
  name: string,
  url: string,
  opts: { connections: number; duration: number; headers?: Record<string, string>; paths?: string[] },
): Promise<LoadResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aurore-wrk-"));
  const script = path.join(dir, "paths.lua");
  const paths = opts.paths?.length ? opts.paths : [new URL(url).pathname || "/"];
  const headers = Object.entries(opts.headers ?? {})
    .map(([k, v]) => `[${JSON.stringify(k)}] = ${JSON.stringify(v)}`)
    .join(", ");
  fs.writeFileSync(
    script,
    `local paths = { ${paths.map((p) => JSON.stringify(p)).join(", ")} }
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i], { ${headers} })
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("WRK_RESULT %d %d %f %f %f %d %d\\n", summary.requests, summary.duration,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    e.connect + e.read + e.write + e.timeout, e.status))
end
`,
  );
  try {
    const origin = new URL(url).origin;
    const out = await new Promise<string>((resolve, reject) => {
      // wrk gives up on a request after 2 s and counts it an error; autocannon waits 10 s. The
      // same 10 s here, so an error means the server failed, not that 50 connections queued.
      const child = spawn("wrk", ["-t1", `-c${opts.connections}`, `-d${opts.duration}s`, "--timeout", "10s", "-s", script, origin], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      let text = "";
      child.stdout!.on("data", (chunk: Buffer) => (text += chunk.toString()));
      child.on("error", reject);
      child.on("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}`))));
    });
    const match = /WRK_RESULT (\d+) (\d+) ([\d.]+) ([\d.]+) ([\d.]+) (\d+) (\d+)/.exec(out);
    if (!match) throw new Error(`unexpected wrk output: ${out}`);
    const [requests, durationUs, p50, p95, p99, errors, non2xx] = match.slice(1).map(Number);
    return {
      name,
      requestsPerSecond: Math.round(requests / (durationUs / 1e6)),
      p50: round(p50),
      p95: round(p95),
      p99: round(p99),
      errors,
      non2xx,
      requests,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** Starts the built shop (server/server.mjs) and resolves once it answers. */
export async function startShop(env: NodeJS.ProcessEnv): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["server/server.mjs"], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/robots.txt`)).ok) break;
    } catch {
      // not yet
    }
    if (Date.now() - started > 120_000) throw new Error("server did not start in 120 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    },
  };
}

export function printTable(rows: Record<string, unknown>[]): void {
  console.table(rows);
}

type RawImportHooks = {
  resolve(
    specifier: string,
    context: object,
    next: (specifier: string, context: object) => { url: string; format?: string | null },
  ): { url: string; format?: string | null; shortCircuit?: boolean };
  load(url: string, context: object, next: (url: string, context: object) => unknown): unknown;
};

/**
 * Vite's `?raw` imports (a file's text as its default export) for a bench run with tsx, which
 * does not know them (app/domain/auth/common-passwords.ts imports its list that way, and the
 * place-order workflow reaches it). Static imports are all loaded before any code runs: call
 * this first, then import the app's modules with `await import(…)`. Node ≥ 22.15 (module.registerHooks).
 */
export function allowRawImports(): void {
  const { registerHooks } = nodeModule as unknown as { registerHooks?: (hooks: RawImportHooks) => void };
  if (!registerHooks) throw new Error("allowRawImports: Node 22.15 or later is needed (module.registerHooks)");
  registerHooks({
    resolve(specifier, context, next) {
      if (!specifier.endsWith("?raw")) return next(specifier, context);
      const resolved = next(specifier.slice(0, -"?raw".length), context);
      return { url: `${resolved.url}?raw`, format: "module", shortCircuit: true };
    },
    load(url, context, next) {
      if (!url.startsWith("file:") || !url.endsWith("?raw")) return next(url, context);
      const text = fs.readFileSync(new URL(url.slice(0, -"?raw".length)), "utf8");
      return { format: "module", source: `export default ${JSON.stringify(text)};`, shortCircuit: true };
    },
  });
}
