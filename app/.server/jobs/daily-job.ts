/**
 * A job that runs once shortly after start-up and then every 24 hours in this process.
 * Jobs must be idempotent: with several server processes on one PostgreSQL each runs them,
 * and a restart runs them again.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
/** Lets the server answer its first requests before the job reads the database. */
const START_DELAY_MS = 5_000;

export function startDailyJob(name: string, run: () => Promise<unknown>): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const result = await run();
      console.log(`[jobs] ${name}:`, JSON.stringify(result));
    } catch (error) {
      console.error(`[jobs] ${name} failed:`, error);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), START_DELAY_MS);
  const timer = setInterval(() => void tick(), DAY_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
