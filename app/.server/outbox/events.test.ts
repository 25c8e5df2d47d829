/**
 * Domain events (decision 054): recorded in the change's transaction, run from the outbox after
 * it commits, each subscriber once per event even when the event runs again.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { DOMAIN_EVENT_TYPES, type DomainEvent } from "~/domain/events/domain-events";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import type { DatabaseHandle } from "../db/client";
import { adminActivityLog, eventReceipts, outbox } from "../db/schema";
import { log } from "../logger";
import { recordAdminAction } from "../modules/activity-log/activity-log.service";
import { EVENT_SUBSCRIBERS, readActivityLog } from "../workflows/event-subscribers";
import { createBrand } from "../modules/catalog/brands-admin.service";
import { readActivityQuery } from "~/domain/activity-log/activity-log";
import { EVENT_TOPIC, processEvents, recordAdminChange, recordEvent, settleEvents, type EventSubscriber } from "./events";
import { OUTBOX_BASE_BACKOFF_MS, purgeProcessedOutbox } from "./outbox.service";

let handle: DatabaseHandle;
const actor: AdminActor = { type: "user", id: null, label: "events@example.com" };

beforeAll(async () => {
  handle = await createTestDatabase();
  vi.spyOn(log, "warn").mockImplementation(() => {});
  vi.spyOn(log, "error").mockImplementation(() => {});
});

afterAll(async () => {
  await handle?.close();
  vi.restoreAllMocks();
});

/** A subscriber that writes an activity entry tagged with its name, and fails once on event `failOnce`. */
function tagging(name: string, failOnce?: number): EventSubscriber & { seen: number[] } {
  let failed = false;
  const seen: number[] = [];
  return {
    name,
    types: DOMAIN_EVENT_TYPES,
    seen,
    handle: async (tx, event: DomainEvent) => {
      seen.push(event.id);
      await recordAdminAction(tx, { actor, action: event.type, entityType: name, entityId: String(event.id) });
      if (event.id === failOnce && !failed) {
        failed = true;
        throw new Error(`${name} crashed`);
      }
    },
  };
}

async function entriesOf(entityType: string, eventId: number) {
  return handle.db
    .select({ id: adminActivityLog.id })
    .from(adminActivityLog)
    .where(and(eq(adminActivityLog.entityType, entityType), eq(adminActivityLog.entityId, String(eventId))));
}

async function recordOne(summary: string): Promise<number> {
  await handle.db.transaction((tx) => recordAdminChange(tx, actor, { action: "brand.update", entityType: "brand", summary }));
  const [row] = await handle.db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.topic, EVENT_TOPIC), sql`${outbox.payload}->'data'->>'summary' = ${summary}`));
  return row!.id;
}

describe("domain events", () => {
  it("every event type has a subscriber, and every subscriber listens to known types", () => {
    for (const type of DOMAIN_EVENT_TYPES) {
      expect(
        EVENT_SUBSCRIBERS.filter((s) => s.types.includes(type)),
        type,
      ).not.toHaveLength(0);
    }
    for (const subscriber of EVENT_SUBSCRIBERS) {
      for (const type of subscriber.types) expect(DOMAIN_EVENT_TYPES).toContain(type);
    }
    expect(new Set(EVENT_SUBSCRIBERS.map((s) => s.name)).size).toBe(EVENT_SUBSCRIBERS.length);
  });

  it("an event recorded in a transaction that rolls back never exists", async () => {
    const summary = `rollback-${randomUUID()}`;
    await expect(
      handle.db.transaction(async (tx) => {
        await recordAdminChange(tx, actor, { action: "brand.update", entityType: "brand", summary });
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    const rows = await handle.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->'data'->>'summary' = ${summary}`);
    expect(rows).toHaveLength(0);
  });

  it("masks secrets before the event is stored", async () => {
    const summary = `secret-${randomUUID()}`;
    await handle.db.transaction((tx) =>
      recordAdminChange(tx, actor, {
        action: "api_key.create",
        entityType: "api_key",
        summary,
        after: { name: "ERP", secret: "ak_live_x", tokenHash: "abc" },
      }),
    );
    const [row] = await handle.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->'data'->>'summary' = ${summary}`);
    expect(JSON.stringify(row!.payload)).not.toContain("ak_live_x");
    expect((row!.payload.data as { after: unknown }).after).toEqual({ name: "ERP", secret: "•••", tokenHash: "•••" });
  });

  it("a crashed subscriber runs again; the one that succeeded does not", async () => {
    const id = await recordOne(`crash-${randomUUID()}`);
    const steady = tagging("steady");
    const flaky = tagging("flaky", id);
    const now = new Date();
    const first = await processEvents(handle.db, [steady, flaky], { now });
    expect(first.failed).toBeGreaterThanOrEqual(1);
    expect(await entriesOf("steady", id)).toHaveLength(1);
    // The failed subscriber's write rolled back with its missing receipt.
    expect(await entriesOf("flaky", id)).toHaveLength(0);
    const [pending] = await handle.db.select().from(outbox).where(eq(outbox.id, id));
    expect(pending).toMatchObject({ processedAt: null, attempts: 1 });
    expect(pending!.lastError).toContain("flaky crashed");

    // After the backoff the event runs again: only the subscriber without a receipt acts.
    await processEvents(handle.db, [steady, flaky], { now: new Date(now.getTime() + OUTBOX_BASE_BACKOFF_MS + 1_000) });
    expect(await entriesOf("steady", id)).toHaveLength(1);
    expect(await entriesOf("flaky", id)).toHaveLength(1);
    expect(steady.seen.filter((e) => e === id)).toHaveLength(1);
    expect(flaky.seen.filter((e) => e === id)).toHaveLength(2);
    const [done] = await handle.db.select().from(outbox).where(eq(outbox.id, id));
    expect(done!.processedAt).not.toBeNull();
    const receipts = await handle.db.select().from(eventReceipts).where(eq(eventReceipts.eventId, id));
    expect(receipts.map((r) => r.subscriber).sort()).toEqual(["flaky", "steady"]);
  });

  it("two runners of the same event (a lease run out) write each subscriber's effect once", async () => {
    const id = await recordOne(`race-${randomUUID()}`);
    const slow: EventSubscriber = {
      name: "slow",
      types: DOMAIN_EVENT_TYPES,
      handle: async (tx, event) => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        await recordAdminAction(tx, { actor, action: event.type, entityType: "slow", entityId: String(event.id) });
      },
    };
    // A lease of 0 ms: the second pass claims the row while the first is still handling it.
    await Promise.all([
      processEvents(handle.db, [slow], { leaseMs: 0 }),
      processEvents(handle.db, [slow], { leaseMs: 0 }),
      processEvents(handle.db, [slow], { leaseMs: 0 }),
    ]);
    await processEvents(handle.db, [slow], { leaseMs: 0 });
    expect(await entriesOf("slow", id)).toHaveLength(1);
  });

  it("an unknown event type is kept with its error, and the pass goes on", async () => {
    await handle.db.insert(outbox).values({ topic: EVENT_TOPIC, payload: { type: "nope.unknown", data: {} } });
    const id = await recordOne(`after-unknown-${randomUUID()}`);
    const steady = tagging("after-unknown");
    await processEvents(handle.db, [steady]);
    expect(await entriesOf("after-unknown", id)).toHaveLength(1);
    const [unknown] = await handle.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'type' = 'nope.unknown'`);
    expect(unknown!.lastError).toContain("unknown event type");
    await handle.db.delete(outbox).where(eq(outbox.id, unknown!.id));
  });

  it("the Journal d'activité shows a change as soon as it committed, at the change's time", async () => {
    const name = `Événement ${randomUUID().slice(0, 8)}`;
    const brand = await createBrand(handle.db, { name }, actor);
    const page = await readActivityLog(handle.db, readActivityQuery(new URLSearchParams({ id: brand.id })));
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]).toMatchObject({ action: "brand.create", actor_label: actor.label });
    const [event] = await handle.db
      .select({ createdAt: outbox.createdAt })
      .from(outbox)
      .where(and(eq(outbox.topic, EVENT_TOPIC), sql`${outbox.payload}->'data'->>'entityId' = ${brand.id}`));
    expect(page.entries[0]!.occurred_at).toBe(event!.createdAt.toISOString());
    // Settled again, nothing is added twice.
    await settleEvents(handle.db, EVENT_SUBSCRIBERS);
    expect((await readActivityLog(handle.db, readActivityQuery(new URLSearchParams({ id: brand.id })))).total).toBe(1);
  });

  it("processed rows are purged after the retention with their receipts; pending rows stay", async () => {
    const id = await recordOne(`purge-${randomUUID()}`);
    await settleEvents(handle.db, EVENT_SUBSCRIBERS);
    const pendingId = await recordOne(`purge-pending-${randomUUID()}`);
    const later = new Date(Date.now() + 31 * 24 * 3600 * 1000);
    expect(await purgeProcessedOutbox(handle.db, later)).toBeGreaterThanOrEqual(1);
    expect(await handle.db.select().from(outbox).where(eq(outbox.id, id))).toHaveLength(0);
    expect(await handle.db.select().from(eventReceipts).where(eq(eventReceipts.eventId, id))).toHaveLength(0);
    expect(await handle.db.select().from(outbox).where(eq(outbox.id, pendingId))).toHaveLength(1);
  });

  it("recordEvent takes a typed payload for its type", async () => {
    const summary = `typed-${randomUUID()}`;
    await handle.db.transaction((tx) =>
      recordEvent(tx, "category.create", { actor, entityType: "category", entityId: null, summary, before: null, after: { name: "X" } }),
    );
    await settleEvents(handle.db, EVENT_SUBSCRIBERS);
    const [entry] = await handle.db.select().from(adminActivityLog).where(eq(adminActivityLog.summary, summary));
    expect(entry).toMatchObject({ action: "category.create", entityType: "category", after: { name: "X" } });
  });
});
