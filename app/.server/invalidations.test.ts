import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf, type DatabaseHandle } from "./db/client";
import {
  announceInvalidation,
  createInvalidationBus,
  onInvalidation,
  remembersAcrossProcesses,
  startInvalidations,
  stopInvalidations,
  type InvalidationKind,
} from "./invalidations";
import { createReadMemo, setReadMemosActive } from "./read-memo";
import { createDbMemo } from "./db-memo";
import { listDeliveryMethods } from "./modules/delivery/delivery-methods.service";
import { createSharedTestDatabase } from "../../tests/support/shared-database";

let shared: Awaited<ReturnType<typeof createSharedTestDatabase>>;
let one: DatabaseHandle;
let two: DatabaseHandle;

beforeAll(async () => {
  shared = await createSharedTestDatabase(2);
  [one, two] = shared.handles;
});

afterAll(async () => {
  setReadMemosActive(false);
  await stopInvalidations();
  await shared.close();
});

/** Resolves once `check` holds, or fails after `ms`. */
async function within(ms: number, check: () => boolean): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - start;
}

describe("the invalidation bus", () => {
  it("carries an announcement from one database handle to a bus on another within a second, and not back to its sender", async () => {
    const heardByA: InvalidationKind[][] = [];
    const heardByB: InvalidationKind[][] = [];
    const a = await createInvalidationBus(one, (kinds) => heardByA.push([...kinds]));
    const b = await createInvalidationBus(two, (kinds) => heardByB.push([...kinds]));
    try {
      expect(a.listening && b.listening).toBe(true);
      await a.announce(["sessions", "pages"]);
      expect(await within(1000, () => heardByB.length > 0)).toBeLessThan(1000);
      expect(heardByB).toEqual([["sessions", "pages"]]);
      await b.announce(["counts"]);
      await within(1000, () => heardByA.length > 0);
      expect(heardByA).toEqual([["counts"]]);
      // Each bus skipped its own message.
      expect(heardByB).toEqual([["sessions", "pages"]]);
      // Garbage on the channel is ignored.
      await one.db.execute(sql`SELECT pg_notify('aurore_invalidations', 'pas du JSON')`);
      await b.announce(["sessions"]);
      await within(1000, () => heardByA.length > 1);
      expect(heardByA).toEqual([["counts"], ["sessions"]]);
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it("forgets locally at once without a bus, only the kinds named", async () => {
    const forgotten: string[] = [];
    onInvalidation("counts", "test-counts", () => forgotten.push("counts"));
    onInvalidation("pages", "test-pages", () => forgotten.push("pages"));
    await announceInvalidation(["counts"]);
    expect(forgotten).toEqual(["counts"]);
  });

  it("makes this process forget its session memos and counts when another process announces", async () => {
    await startInvalidations(one);
    setReadMemosActive(true);
    const heardByOther: InvalidationKind[][] = [];
    const otherProcess = await createInvalidationBus(two, (kinds) => heardByOther.push([...kinds]));
    try {
      const sessions = createReadMemo<string>({ ttlMs: 60_000 });
      const counts = createDbMemo<number>({ kind: "counts", name: "test-bus-counts", ttlMs: 60_000 });
      let role = "customer";
      let total = 1;
      expect(await sessions.get("cookie", async () => role)).toBe("customer");
      expect(await counts.get(one.db, "all", async () => total)).toBe(1);
      role = "admin";
      total = 2;
      // Remembered: a change made elsewhere is not seen...
      expect(await sessions.get("cookie", async () => role)).toBe("customer");
      expect(await counts.get(one.db, "all", async () => total)).toBe(1);
      // ...until the other process announces it.
      await otherProcess.announce(["sessions"]);
      let seen = "";
      await within(1000, () => {
        void sessions.get("cookie", async () => role).then((r) => (seen = r));
        return seen === "admin";
      });
      expect(await counts.get(one.db, "all", async () => total)).toBe(1);
      await otherProcess.announce(["counts"]);
      let counted = 0;
      await within(1000, () => {
        void counts.get(one.db, "all", async () => total).then((n) => (counted = n));
        return counted === 2;
      });
      // A back-office write here forgets the counts of the other processes too.
      counts.forget(one.db);
      await within(1000, () => heardByOther.some((kinds) => kinds.includes("counts")));
      // The delivery methods ("settings"): a fee changed by another process.
      const standardFee = async () => (await listDeliveryMethods(one.db)).find((m) => m.code === "standard")!.priceCents;
      const before = await standardFee();
      await two.db.execute(sql`UPDATE delivery_methods SET price_cents = price_cents + 100 WHERE code = 'standard'`);
      expect(await standardFee()).toBe(before);
      await otherProcess.announce(["settings"]);
      let fee = before;
      await within(1000, () => {
        void standardFee().then((f) => (fee = f));
        return fee === before + 100;
      });
    } finally {
      await otherProcess.stop();
      setReadMemosActive(false);
      await stopInvalidations();
    }
  });

  it("remembers nothing while it cannot hear the others, and forgets everything when it hears again", async () => {
    let tell: ((listening: boolean) => void) | undefined;
    const fake = {
      db: one.db,
      listen: async (_channel: string, _handler: (payload: string) => void, onState?: (listening: boolean) => void) => {
        tell = onState;
        return async () => {};
      },
    } as unknown as DatabaseHandle;
    await startInvalidations(fake);
    setReadMemosActive(true);
    try {
      const forgotten: string[] = [];
      onInvalidation("pages", "test-pages", () => forgotten.push("pages"));
      const memo = createReadMemo<number>({ ttlMs: 60_000 });
      let value = 1;
      expect(await memo.get("k", async () => value)).toBe(1);
      tell!(false);
      expect(remembersAcrossProcesses()).toBe(false);
      expect(forgotten).toEqual(["pages"]);
      value = 2;
      expect(await memo.get("k", async () => value)).toBe(2);
      value = 3;
      expect(await memo.get("k", async () => value)).toBe(3);
      tell!(true);
      expect(remembersAcrossProcesses()).toBe(true);
      expect(forgotten).toEqual(["pages", "pages"]);
      expect(await memo.get("k", async () => value)).toBe(3);
      value = 4;
      expect(await memo.get("k", async () => value)).toBe(3);
    } finally {
      setReadMemosActive(false);
      await stopInvalidations();
    }
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)("hears again after PostgreSQL drops its LISTEN connection", async () => {
    const states: boolean[] = [];
    const heard: InvalidationKind[][] = [];
    const listener = await createInvalidationBus(
      { db: two.db, listen: (c, h, s) => two.listen(c, h, (up) => (states.push(up), s?.(up))) },
      (kinds) => heard.push([...kinds]),
    );
    const sender = await createInvalidationBus(one, () => {});
    try {
      const pids = rowsOf<{ pid: number }>(
        await one.db.execute(
          sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
        ),
      );
      expect(pids.length).toBeGreaterThan(0);
      for (const { pid } of pids) await one.db.execute(sql`SELECT pg_terminate_backend(${pid})`);
      await within(3000, () => states.includes(false) && states.at(-1) === true);
      expect(listener.listening).toBe(true);
      heard.length = 0;
      await sender.announce(["sessions"]);
      await within(1000, () => heard.length > 0);
      expect(heard).toEqual([["sessions"]]);
    } finally {
      await sender.stop();
      await listener.stop();
    }
  });
});
