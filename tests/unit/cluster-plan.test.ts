import { describe, expect, it } from "vitest";
import { planProcesses, respawnDelayMs, RESPAWN_FIRST_DELAY_MS, RESPAWN_MAX_DELAY_MS } from "../../server/cluster.mjs";

const PG = "postgres://postgres@127.0.0.1:5432/shop";

describe("how many processes npm start runs", () => {
  it("runs one worker per core on PostgreSQL by default", () => {
    expect(planProcesses({ DATABASE_URL: PG }, 4)).toEqual({
      workers: 4,
      reason: "Aurore runs 4 worker processes (one per core) on one PostgreSQL database.",
    });
  });

  it("follows WEB_CONCURRENCY, and 1 means no cluster", () => {
    expect(planProcesses({ DATABASE_URL: PG, WEB_CONCURRENCY: "3" }, 2).workers).toBe(3);
    expect(planProcesses({ DATABASE_URL: PG, WEB_CONCURRENCY: "1" }, 8)).toEqual({
      workers: 1,
      reason: "Aurore runs one process (WEB_CONCURRENCY=1).",
    });
    expect(planProcesses({ DATABASE_URL: PG }, 1)).toEqual({ workers: 1, reason: "Aurore runs one process (one core)." });
  });

  it("stays one process on PGlite and says why, even when WEB_CONCURRENCY asks for more", () => {
    const plan = planProcesses({ WEB_CONCURRENCY: "4" }, 8);
    expect(plan.workers).toBe(1);
    expect(plan.reason).toBe(
      "Aurore runs one process: the embedded PGlite database cannot be shared between processes (set DATABASE_URL to a PostgreSQL server to run one worker per core). WEB_CONCURRENCY=4 is ignored.",
    );
    expect(planProcesses({}, 8).reason).not.toContain("ignored");
  });

  it("refuses a WEB_CONCURRENCY that is not a whole number from 1 to 256, naming it", () => {
    for (const bad of ["0", "-2", "1.5", "deux", "257"]) {
      expect(() => planProcesses({ DATABASE_URL: PG, WEB_CONCURRENCY: bad }, 2)).toThrow(
        `WEB_CONCURRENCY: a whole number of processes from 1 to 256 (got "${bad}")`,
      );
    }
    // Empty means unset, as in .env.example.
    expect(planProcesses({ DATABASE_URL: PG, WEB_CONCURRENCY: "" }, 2).workers).toBe(2);
  });
});

describe("replacing a worker that died", () => {
  it("waits longer for each death within a minute, up to a maximum, so a crash loop does not spin", () => {
    expect(respawnDelayMs(1)).toBe(RESPAWN_FIRST_DELAY_MS);
    expect(respawnDelayMs(2)).toBe(2 * RESPAWN_FIRST_DELAY_MS);
    expect(respawnDelayMs(4)).toBe(8 * RESPAWN_FIRST_DELAY_MS);
    expect(respawnDelayMs(50)).toBe(RESPAWN_MAX_DELAY_MS);
  });
});
