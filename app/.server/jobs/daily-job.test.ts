import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf, type DatabaseHandle } from "../db/client";
import { claimJobRun, runClaimedJob } from "./daily-job";
import { createSharedTestDatabase } from "../../../tests/support/shared-database";

let shared: Awaited<ReturnType<typeof createSharedTestDatabase>>;
let handles: DatabaseHandle[];

beforeAll(async () => {
  shared = await createSharedTestDatabase(3);
  handles = shared.handles;
});

afterAll(async () => {
  await shared.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}`;

type Row = {
  locked_until: string | null;
  locked_by: string | null;
  last_started_at: string | null;
  last_finished_at: string | null;
  last_result: unknown;
  last_error: string | null;
};
async function jobRow(name: string): Promise<Row> {
  const [row] = rowsOf<Row>(await handles[0].db.execute(sql`SELECT * FROM job_runs WHERE name = ${name}`));
  return row;
}

describe("jobs claimed across processes", () => {
  it("three processes starting at once run a daily job once, and a restart does not run it again", async () => {
    const name = unique("daily");
    let runs = 0;
    const body = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 50));
      return { sent: 3 };
    };
    const outcomes = await Promise.all(handles.map((h) => runClaimedJob(h.db, name, body, { everyMs: DAY_MS })));
    expect(runs).toBe(1);
    expect(outcomes.filter((o) => o.ran)).toEqual([{ ran: true, result: { sent: 3 } }]);
    const row = await jobRow(name);
    expect(row).toMatchObject({ locked_until: null, locked_by: null, last_result: { sent: 3 }, last_error: null });
    expect(new Date(row.last_finished_at!).getTime()).toBeGreaterThanOrEqual(new Date(row.last_started_at!).getTime());
    // A process started later (a restart) finds it done for today.
    expect(await runClaimedJob(handles[1].db, name, body, { everyMs: DAY_MS })).toEqual({ ran: false });
    expect(runs).toBe(1);
  });

  it("a job held by a run under way is not started again, even when due", async () => {
    const name = unique("held");
    let release!: () => void;
    let runs = 0;
    const slow = runClaimedJob(
      handles[0].db,
      name,
      () => {
        runs++;
        return new Promise<void>((r) => (release = r));
      },
      { everyMs: 50 },
    );
    await new Promise((r) => setTimeout(r, 150));
    expect(await runClaimedJob(handles[1].db, name, async () => runs++, { everyMs: 50 })).toEqual({ ran: false });
    release();
    await slow;
    expect(runs).toBe(1);
    expect(await runClaimedJob(handles[2].db, name, async () => ++runs, { everyMs: 50 })).toEqual({ ran: true, result: 2 });
  });

  it("is due again after its interval, once for all processes; a failed run is recorded and frees the job", async () => {
    const name = unique("every");
    let runs = 0;
    const body = async () => ++runs;
    const everyMs = 600;
    const all = () => Promise.all(handles.map((h) => runClaimedJob(h.db, name, body, { everyMs })));
    await all();
    expect(runs).toBe(1);
    await all();
    expect(runs).toBe(1);
    await new Promise((r) => setTimeout(r, everyMs + 50));
    await all();
    expect(runs).toBe(2);
    await new Promise((r) => setTimeout(r, everyMs + 50));
    await expect(runClaimedJob(handles[0].db, name, async () => Promise.reject(new Error("SMTP en panne")), { everyMs })).rejects.toThrow(
      "SMTP en panne",
    );
    expect(await jobRow(name)).toMatchObject({ locked_until: null, last_error: "SMTP en panne", last_result: null });
  });

  it("a run whose process died frees the job when its lease ends", async () => {
    const name = unique("lease");
    // A claim never finished: its process died.
    expect(await claimJobRun(handles[0].db, name, { everyMs: 50, leaseMs: 200 })).not.toBeNull();
    await new Promise((r) => setTimeout(r, 80));
    expect(await claimJobRun(handles[1].db, name, { everyMs: 50, leaseMs: 200 })).toBeNull();
    await new Promise((r) => setTimeout(r, 200));
    expect(await claimJobRun(handles[2].db, name, { everyMs: 50, leaseMs: 200 })).not.toBeNull();
  });
});
