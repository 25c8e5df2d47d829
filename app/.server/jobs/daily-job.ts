/**
 * Jobs that run in the server processes: checked shortly after start-up, then regularly; a run
 * starts only when it is due and this process claims it (decision 038). The claim is ONE
 * conditional UPDATE of the job's `job_runs` row: not held by a live run, and last started at
 * least the job's interval ago (less a small slack, so a check that comes a few milliseconds
 * early does not skip a beat). So several server processes on one PostgreSQL run each job once
 * per interval, and a restart does not run again a daily job already run today. A run holds the
 * row for a lease, renewed while it runs; a process that dies mid-run frees the job when its lease
 * ends. Jobs stay idempotent all the same (a run whose lease ran out could overlap the next).
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { rowsOf, type Executor } from "../db/client";
import { jobRuns } from "../db/schema";
import { log } from "../logger";
import { countJobRun } from "../metrics";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Lets the server answer its first requests before the job reads the database. */
const START_DELAY_MS = 5_000;
/** How often a process asks whether a long-interval job is due (a daily job runs within this of its time). */
const CHECK_EVERY_MS = 5 * 60_000;
/** A run holds its job this long, renewed every third of it while it runs. */
const DEFAULT_LEASE_MS = 5 * 60_000;

export type RepeatingJobOptions<T> = {
  everyMs: number;
  firstAfterMs?: number;
  /** Whether a run's result is worth a log line (default: always). */
  shouldLog?: (result: T) => boolean;
  leaseMs?: number;
};

/** Early by at most this, a check still finds the job due: a twentieth of the interval, a minute at most. */
function slackMs(everyMs: number): number {
  return Math.min(Math.floor(everyMs / 20), 60_000);
}

/** The claim of one run: who holds it (process and a random part). */
export type JobClaim = { name: string; token: string };

/**
 * Claims the job's next run if it is due and free: one conditional UPDATE (the row is created on
 * first use). Null when another run holds it or ran it less than an interval ago.
 */
export async function claimJobRun(db: Executor, name: string, options: { everyMs: number; leaseMs?: number }): Promise<JobClaim | null> {
  const token = `${process.pid}-${randomBytes(6).toString("hex")}`;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const dueAfterMs = Math.max(0, options.everyMs - slackMs(options.everyMs));
  await db.insert(jobRuns).values({ name }).onConflictDoNothing();
  const claimed = await db.execute(sql`
    UPDATE ${jobRuns}
    SET locked_until = now() + make_interval(secs => ${leaseMs / 1000}), locked_by = ${token}, last_started_at = now()
    WHERE name = ${name}
      AND (locked_until IS NULL OR locked_until < now())
      AND (last_started_at IS NULL OR last_started_at <= now() - make_interval(secs => ${dueAfterMs / 1000}))
    RETURNING name`);
  return rowsOf(claimed).length > 0 ? { name, token } : null;
}

/** Extends the run's hold on its job (false when it lost it: its lease ran out and another run took it). */
export async function renewJobRun(db: Executor, claim: JobClaim, leaseMs = DEFAULT_LEASE_MS): Promise<boolean> {
  const res = await db.execute(sql`
    UPDATE ${jobRuns} SET locked_until = now() + make_interval(secs => ${leaseMs / 1000})
    WHERE name = ${claim.name} AND locked_by = ${claim.token}
    RETURNING name`);
  return rowsOf(res).length > 0;
}

/** Records how the run ended and frees the job. */
export async function finishJobRun(db: Executor, claim: JobClaim, outcome: { result?: unknown; error?: unknown }): Promise<void> {
  const result = outcome.error === undefined && outcome.result !== undefined ? JSON.stringify(outcome.result) : null;
  const error = outcome.error === undefined ? null : outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
  await db.execute(sql`
    UPDATE ${jobRuns}
    SET locked_until = NULL, locked_by = NULL, last_finished_at = now(), last_result = ${result}::jsonb, last_error = ${error}
    WHERE name = ${claim.name} AND locked_by = ${claim.token}`);
}

/**
 * Runs the job if this process claims it: the run's lease is renewed while it runs, its end
 * recorded. `{ ran: false }` when the job was not due or another process holds it.
 */
export async function runClaimedJob<T>(
  db: Executor,
  name: string,
  run: () => Promise<T>,
  options: { everyMs: number; leaseMs?: number },
): Promise<{ ran: false } | { ran: true; result: T }> {
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const claim = await claimJobRun(db, name, { everyMs: options.everyMs, leaseMs });
  if (!claim) return { ran: false };
  const renewal = setInterval(() => {
    renewJobRun(db, claim, leaseMs).catch((error: unknown) => log.error({ job: name, err: error }, "job lease not renewed"));
  }, leaseMs / 3);
  renewal.unref();
  try {
    const result = await run();
    clearInterval(renewal);
    await finishJobRun(db, claim, { result });
    return { ran: true, result };
  } catch (error) {
    clearInterval(renewal);
    await finishJobRun(db, claim, { error }).catch(() => {});
    throw error;
  }
}

/** Starts checking the job; the returned stop function cancels the next checks and waits for a run under way. */
export function startRepeatingJob<T>(
  db: Executor,
  name: string,
  run: () => Promise<T>,
  options: RepeatingJobOptions<T>,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      try {
        const outcome = await runClaimedJob(db, name, run, { everyMs: options.everyMs, leaseMs: options.leaseMs });
        countJobRun(name, outcome.ran ? "success" : "skipped");
        if (outcome.ran && (options.shouldLog?.(outcome.result) ?? true)) log.info({ job: name, result: outcome.result }, "job finished");
      } catch (error) {
        countJobRun(name, "failure");
        log.error({ job: name, err: error }, "job failed");
      } finally {
        running = null;
      }
    })();
  };
  const first = setTimeout(tick, options.firstAfterMs ?? START_DELAY_MS);
  const timer = setInterval(tick, Math.min(options.everyMs, CHECK_EVERY_MS));
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}

export function startDailyJob(db: Executor, name: string, run: () => Promise<unknown>): () => Promise<void> {
  return startRepeatingJob(db, name, run, { everyMs: DAY_MS });
}
