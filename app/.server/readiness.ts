/**
 * What GET /readyz asks the app (docs/decisions/039-workers-health-shutdown.md): does the
 * database answer a `select 1` within a short time, and are all the migrations this build ships
 * applied? The Node server adds its own check (not shutting down). A load balancer sends no
 * traffic to an instance that is not ready, and takes it back when it is.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { getDatabaseHandle } from "./db";
import { migrationsFolder, rowsOf, type Database } from "./db/client";

/** Far under the usual 5-10 s health-check timeouts of load balancers and orchestrators. */
export const READINESS_TIMEOUT_MS = 2_000;

export type ReadinessCheck = "ok" | "failed" | "timeout";
export type Readiness = { ready: boolean; checks: { database: ReadinessCheck; migrations: ReadinessCheck | "pending" | "skipped" } };

let lastShippedMigration: number | undefined;

/**
 * The `when` of the journal's last entry: drizzle's migrator records it as `created_at` and
 * applies every migration newer than the newest row, so a newest row at least this recent means
 * nothing of this build is pending (a newer build that migrated further is fine too).
 */
function lastShippedMigrationMillis(): number {
  if (lastShippedMigration === undefined) {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
      entries: { when: number }[];
    };
    lastShippedMigration = Math.max(0, ...journal.entries.map((e) => e.when));
  }
  return lastShippedMigration;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | "timeout"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

type ReadinessOptions = { timeoutMs?: number; database?: () => Promise<{ db: Database }> };

/** `database` defaults to the process-wide database (tests pass their own). */
export async function checkReadiness({
  timeoutMs = READINESS_TIMEOUT_MS,
  database = getDatabaseHandle,
}: ReadinessOptions = {}): Promise<Readiness> {
  const started = Date.now();
  const checks: Readiness["checks"] = { database: "failed", migrations: "skipped" };
  try {
    const probe = async () => {
      const { db } = await database();
      await db.execute(sql`select 1`);
    };
    const result = await withTimeout(probe(), timeoutMs);
    checks.database = result === "timeout" ? "timeout" : "ok";
  } catch {
    checks.database = "failed";
  }
  if (checks.database === "ok") {
    try {
      const read = async () => {
        const { db } = await database();
        const res = await db.execute(sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`);
        return rowsOf<{ last: string | null }>(res)[0]?.last ?? null;
      };
      const last = await withTimeout(read(), Math.max(100, timeoutMs - (Date.now() - started)));
      if (last === "timeout") checks.migrations = "timeout";
      else checks.migrations = last !== null && Number(last) >= lastShippedMigrationMillis() ? "ok" : "pending";
    } catch {
      // No migrations table at all: nothing was applied.
      checks.migrations = "pending";
    }
  }
  return { ready: checks.database === "ok" && checks.migrations === "ok", checks };
}
