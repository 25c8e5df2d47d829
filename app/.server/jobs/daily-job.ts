/**
 * Jobs that run in the server process: once shortly after start-up, then at a fixed interval.
 * Jobs must be idempotent: with several server processes on one PostgreSQL each runs them,
 * and a restart runs them again.
 */
import { log } from "../logger";
import { countJobRun } from "../metrics";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Lets the server answer its first requests before the job reads the database. */
const START_DELAY_MS = 5_000;

export type RepeatingJobOptions<T> = {
  everyMs: number;
  firstAfterMs?: number;
  /** Whether a run's result is worth a log line (default: always). */
  shouldLog?: (result: T) => boolean;
};

/** Starts the job; the returned stop function cancels the next runs and waits for one under way. */
export function startRepeatingJob<T>(name: string, run: () => Promise<T>, options: RepeatingJobOptions<T>): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      try {
        const result = await run();
        countJobRun(name, "success");
        if (options.shouldLog?.(result) ?? true) log.info({ job: name, result }, "job finished");
      } catch (error) {
        countJobRun(name, "failure");
        log.error({ job: name, err: error }, "job failed");
      } finally {
        running = null;
      }
    })();
  };
  const first = setTimeout(tick, options.firstAfterMs ?? START_DELAY_MS);
  const timer = setInterval(tick, options.everyMs);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}

export function startDailyJob(name: string, run: () => Promise<unknown>): () => Promise<void> {
  return startRepeatingJob(name, run, { everyMs: DAY_MS });
}
