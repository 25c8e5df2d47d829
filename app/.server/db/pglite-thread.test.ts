/**
 * The embedded database on its worker thread (decision 020): what drizzle and the shop rely on
 * must behave as PGlite in process does. Always PGlite (this is about the embedded mode).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { migrateDatabase, openDatabase, rowsOf, type DatabaseHandle } from "./client";
import { categories } from "./schema";

let handle: DatabaseHandle;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aurore-pglite-thread-"));
  handle = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite"), thread: true });
  await migrateDatabase(handle);
}, 60_000);

afterAll(async () => {
  await handle?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("PGlite on its own thread", () => {
  it("runs on a worker thread and answers drizzle's queries with the usual types", async () => {
    expect(handle.label).toContain("own thread");
    const [row] = await handle.db.insert(categories).values({ name: "Thread Soins", slug: "thread-soins" }).returning();
    expect(row.createdAt).toBeInstanceOf(Date);
    const [again] = await handle.db.select().from(categories).where(eq(categories.id, row.id));
    expect(again).toEqual(row);
    const raw = await handle.db.execute(sql`SELECT 2::int AS n, 'é'::text AS t, '{"a":1}'::jsonb AS j, now()::date AS d`);
    expect(rowsOf(raw)[0]).toMatchObject({ n: 2, t: "é", j: { a: 1 } });
  });

  it("keeps PostgreSQL's error code, constraint and detail", async () => {
    const error = await handle.db
      .insert(categories)
      .values({ name: "Thread Soins bis", slug: "thread-soins" })
      .then(
        () => null,
        (e: unknown) => e as Error & { cause?: Record<string, unknown> },
      );
    expect(error?.cause).toMatchObject({ code: "23505" });
    expect(String(error?.cause?.constraint ?? error?.cause?.detail ?? "")).toMatch(/slug/);
  });

  it("commits a transaction, rolls one back on error, and nests savepoints", async () => {
    await handle.db.transaction(async (tx) => {
      await tx.insert(categories).values({ name: "Thread A", slug: "thread-a" });
      await tx
        .transaction(async (inner) => {
          await inner.insert(categories).values({ name: "Thread B", slug: "thread-b" });
          throw new Error("inner");
        })
        .catch(() => {});
    });
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(categories).values({ name: "Thread C", slug: "thread-c" });
        throw new Error("annulé");
      }),
    ).rejects.toThrow("annulé");
    const slugs = (await handle.db.select({ slug: categories.slug }).from(categories)).map((r) => r.slug);
    expect(slugs).toContain("thread-a");
    expect(slugs).not.toContain("thread-b");
    expect(slugs).not.toContain("thread-c");
  });

  it("serialises concurrent transactions as PGlite's single connection does", async () => {
    await handle.db.execute(sql`CREATE TABLE IF NOT EXISTS thread_counter (n int NOT NULL)`);
    await handle.db.execute(sql`INSERT INTO thread_counter VALUES (0)`);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        handle.db.transaction(async (tx) => {
          const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`SELECT n FROM thread_counter FOR UPDATE`));
          await tx.execute(sql`UPDATE thread_counter SET n = ${n + 1}`);
        }),
      ),
    );
    expect(rowsOf(await handle.db.execute(sql`SELECT n FROM thread_counter`))[0]).toEqual({ n: 20 });
  });

  it("delivers a notification once its transaction commits, never for a rolled back one", async () => {
    const heard: string[] = [];
    const stop = await handle.listen("thread_test", (payload) => heard.push(payload));
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_notify('thread_test', 'validée')`);
    });
    await handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_notify('thread_test', 'annulée')`);
        throw new Error("rollback");
      })
      .catch(() => {});
    await expect.poll(() => heard).toEqual(["validée"]);
    await stop();
    await handle.db.execute(sql`SELECT pg_notify('thread_test', 'après')`);
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toEqual(["validée"]);
  });
});
