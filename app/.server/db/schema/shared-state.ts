import { bigint, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * State every server process shares through the database instead of keeping its own copy
 * (decision 038).
 */

/**
 * The form limits' counters (app/.server/limits/form-limits.ts): one row per limit and client,
 * counting the hits of the current fixed window and of the one before it (a sliding-window
 * approximation). Rows whose windows are long past are deleted by the counter's own upkeep.
 */
export const formLimitCounters = pgTable("form_limit_counters", {
  key: text("key").primaryKey(),
  /** Start of the current window, in ms since the epoch. */
  windowStart: bigint("window_start", { mode: "number" }).notNull(),
  count: integer("count").notNull(),
  /** Hits of the window just before the current one (weighted by how much of it still overlaps). */
  previousCount: integer("previous_count").notNull().default(0),
});

/**
 * The background jobs' runs (app/.server/jobs/daily-job.ts): a run starts only when its process
 * claims the row, so several processes run each job once per interval.
 */
export const jobRuns = pgTable("job_runs", {
  name: text("name").primaryKey(),
  /** Set while a run holds the job; a run whose process died frees it when this passes. */
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  /** The claim of the run under way (process and a random part), so only it renews and ends it. */
  lockedBy: text("locked_by"),
  lastStartedAt: timestamp("last_started_at", { withTimezone: true }),
  lastFinishedAt: timestamp("last_finished_at", { withTimezone: true }),
  lastResult: jsonb("last_result"),
  lastError: text("last_error"),
});
