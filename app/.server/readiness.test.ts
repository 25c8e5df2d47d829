import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import type { Database, DatabaseHandle } from "./db/client";
import { checkReadiness } from "./readiness";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

describe("readiness", () => {
  it("is ready when the database answers and every migration of this build is applied", async () => {
    expect(await checkReadiness({ database: async () => handle })).toEqual({ ready: true, checks: { database: "ok", migrations: "ok" } });
  });

  it("is not ready while the newest migration is missing", async () => {
    await handle.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
        );
        expect(await checkReadiness({ database: async () => ({ db: tx as unknown as Database }) })).toEqual({
          ready: false,
          checks: { database: "ok", migrations: "pending" },
        });
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && /rollback/i.test(error.message))) throw error;
      });
    expect((await checkReadiness({ database: async () => handle })).ready).toBe(true);
  });

  it("is not ready when the database fails or does not answer in time", async () => {
    const failing = { execute: () => Promise.reject(new Error("connect ECONNREFUSED")) } as unknown as Database;
    expect(await checkReadiness({ database: async () => ({ db: failing }) })).toEqual({
      ready: false,
      checks: { database: "failed", migrations: "skipped" },
    });
    const hanging = { execute: () => new Promise(() => {}) } as unknown as Database;
    const started = Date.now();
    expect(await checkReadiness({ timeoutMs: 200, database: async () => ({ db: hanging }) })).toEqual({
      ready: false,
      checks: { database: "timeout", migrations: "skipped" },
    });
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
