// How many processes serve the shop (docs/decisions/039-workers-health-shutdown.md). On
// PostgreSQL, `npm start` forks one worker per core with Node's cluster module (WEB_CONCURRENCY,
// default os.availableParallelism()): page rendering is JavaScript on one thread, so one process
// uses one core. The primary only forks, replaces workers that die and forwards SIGTERM/SIGINT;
// each worker runs server.mjs's startServer(). On the embedded PGlite database the shop stays one
// process: PGlite lives inside the process that opened it and cannot be shared.
import cluster from "node:cluster";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { logger } from "./logger.mjs";
import { startPrimaryMetrics } from "./metrics.mjs";
import { shutdownTimeoutMs } from "./shutdown.mjs";

const serverScript = path.join(path.dirname(fileURLToPath(import.meta.url)), "server.mjs");

/**
 * Called once in the primary, before the first fork, with the cluster module: the place for what
 * runs beside the workers, e.g. a metrics aggregator answering for all of them. Push to it before
 * `startShop()` runs (scripts/start.mjs imports this module first).
 */
export const onPrimaryStart = [];

export const MAX_WEB_CONCURRENCY = 256;
/** A worker that dies is replaced after this delay, doubled for each death within CRASH_WINDOW_MS, up to the maximum. */
export const RESPAWN_FIRST_DELAY_MS = 250;
export const RESPAWN_MAX_DELAY_MS = 30_000;
const CRASH_WINDOW_MS = 60_000;

/** The number of processes to run and the start-up line that says why. Throws on a wrong WEB_CONCURRENCY. */
export function planProcesses(env = process.env, cores = os.availableParallelism()) {
  const raw = env.WEB_CONCURRENCY?.trim() || undefined;
  let asked;
  if (raw !== undefined) {
    asked = Number(raw);
    if (!Number.isInteger(asked) || asked < 1 || asked > MAX_WEB_CONCURRENCY) {
      throw new Error(
        `Invalid configuration:\n  - WEB_CONCURRENCY: a whole number of processes from 1 to ${MAX_WEB_CONCURRENCY} (got "${raw}")`,
      );
    }
  }
  if (!env.DATABASE_URL) {
    const ignored = asked && asked > 1 ? ` WEB_CONCURRENCY=${asked} is ignored.` : "";
    return {
      workers: 1,
      reason: `Aurore runs one process: the embedded PGlite database cannot be shared between processes (set DATABASE_URL to a PostgreSQL server to run one worker per core).${ignored}`,
    };
  }
  const workers = asked ?? cores;
  if (workers === 1) return { workers, reason: `Aurore runs one process (${asked ? "WEB_CONCURRENCY=1" : "one core"}).` };
  return {
    workers,
    reason: `Aurore runs ${workers} worker processes (${asked ? `WEB_CONCURRENCY=${asked}` : "one per core"}) on one PostgreSQL database.`,
  };
}

/** The delay before replacing a worker, given the times of the recent deaths (this one included). */
export function respawnDelayMs(recentDeaths) {
  return Math.min(RESPAWN_MAX_DELAY_MS, RESPAWN_FIRST_DELAY_MS * 2 ** Math.max(0, recentDeaths - 1));
}

export async function startShop(env = process.env) {
  const plan = planProcesses(env);
  logger().info(plan.reason);
  if (plan.workers === 1) {
    const { startServer } = await import("./server.mjs");
    return startServer();
  }
  return runPrimary(plan.workers);
}

async function runPrimary(count) {
  // Prometheus scrapes reach one worker, which asks the primary for every worker's figures (decision 040).
  startPrimaryMetrics({ clusterModule: cluster });
  for (const hook of onPrimaryStart) await hook(cluster);
  cluster.setupPrimary({ exec: serverScript });

  let stopping = false;
  let exitCode = 0;
  let deaths = [];
  const pendingRespawns = new Set();
  const alive = new Set();
  let booted = false;

  const fork = () => {
    const worker = cluster.fork();
    alive.add(worker);
    worker.once("exit", () => alive.delete(worker));
    worker.once("listening", () => logger().info(`[cluster] worker ${worker.process.pid} is serving`));
    return worker;
  };

  const maybeExit = () => {
    if (stopping && alive.size === 0) {
      logger().info(`[cluster] every worker has stopped: exiting with code ${exitCode}`);
      process.exit(exitCode);
    }
  };

  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    for (const timer of pendingRespawns) clearTimeout(timer);
    pendingRespawns.clear();
    const workers = [...alive];
    logger().info(`[cluster] ${signal} received: stopping ${workers.length} worker(s)`);
    for (const worker of workers) worker.process.kill(signal);
    // Each worker bounds its own shutdown; this only catches a worker that ignores the signal.
    setTimeout(() => {
      const left = [...alive];
      logger().error(`[cluster] ${left.length} worker(s) still running after the shutdown bound: killing them, exit code 1`);
      for (const worker of left) worker.process.kill("SIGKILL");
      process.exit(1);
    }, shutdownTimeoutMs() + 2_000);
    maybeExit();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (code !== 0) exitCode = 1;
      maybeExit();
      return;
    }
    if (!booted) {
      // A worker that cannot start (a wrong setting, an unreachable database) would only crash again.
      logger().error(`[cluster] the first worker exited during start-up (${signal ?? `code ${code}`}): stopping`);
      process.exit(code || 1);
    }
    const now = Date.now();
    deaths = [...deaths.filter((t) => now - t < CRASH_WINDOW_MS), now];
    const delay = respawnDelayMs(deaths.length);
    logger().error(`[cluster] worker ${worker.process.pid} died (${signal ?? `code ${code}`}): a new one starts in ${delay} ms`);
    const timer = setTimeout(() => {
      pendingRespawns.delete(timer);
      if (!stopping) fork();
    }, delay);
    pendingRespawns.add(timer);
  });

  // The first worker migrates the database and loads the demo data alone; the others start once
  // it serves, so nothing at boot depends on several processes racing on an empty database.
  const first = fork();
  await new Promise((resolve) => first.once("listening", resolve));
  booted = true;
  if (stopping) return;
  for (let i = 1; i < count; i += 1) fork();
}

const isMain = process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url;
if (isMain && cluster.isPrimary) await startShop();
