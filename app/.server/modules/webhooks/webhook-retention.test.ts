import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "../../db/schema";
import { WEBHOOK_RETRY_WINDOW_MS } from "./webhook-delivery";
import { purgeOldWebhookDeliveries, WEBHOOK_RETENTION_DAYS } from "./webhook-retention";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

beforeEach(async () => {
  await handle.db.delete(webhookEndpoints);
  await handle.db.delete(webhookEvents);
});

const NOW = new Date("2026-11-26T03:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number, extraMs = 0) => new Date(NOW.getTime() - days * DAY - extraMs);

/** One event delivered (or not) to the endpoint, with one attempt, as the worker leaves it. */
async function delivery(
  endpointId: string,
  name: string,
  state: { status: "pending" | "delivered" | "failed"; windowStartedAt: Date; deliveredAt?: Date },
) {
  const [event] = await handle.db
    .insert(webhookEvents)
    .values({ type: "order.created", resourceId: name, payload: {}, createdAt: state.windowStartedAt })
    .returning();
  const [row] = await handle.db
    .insert(webhookDeliveries)
    .values({
      endpointId,
      eventId: event.id,
      resourceKey: `order:${name}`,
      status: state.status,
      windowStartedAt: state.windowStartedAt,
      createdAt: state.windowStartedAt,
      deliveredAt: state.deliveredAt ?? null,
    })
    .returning();
  await handle.db.insert(webhookAttempts).values({ deliveryId: row.id, attemptedAt: state.windowStartedAt, durationMs: 12, ok: true });
  return row;
}

describe("webhook delivery log retention", () => {
  it("deletes deliveries delivered over 30 days ago with their attempts and events, keeps failures until their retry window plus 30 days", async () => {
    const [endpoint] = await handle.db
      .insert(webhookEndpoints)
      .values({ url: "https://hooks.example.com/aurore", events: ["order.created"], secret: "whsec_test" })
      .returning();
    const retention = WEBHOOK_RETENTION_DAYS;
    await delivery(endpoint.id, "old-delivered", {
      status: "delivered",
      windowStartedAt: daysAgo(retention + 1),
      deliveredAt: daysAgo(retention + 1),
    });
    await delivery(endpoint.id, "recent-delivered", {
      status: "delivered",
      windowStartedAt: daysAgo(retention + 1),
      deliveredAt: daysAgo(retention - 1),
    });
    // Failed 31 days after its window opened: its window ended 30 days ago less a day, not yet 30 days.
    await delivery(endpoint.id, "failed-in-grace", {
      status: "failed",
      windowStartedAt: daysAgo(retention, WEBHOOK_RETRY_WINDOW_MS - 60_000),
    });
    await delivery(endpoint.id, "failed-expired", {
      status: "failed",
      windowStartedAt: daysAgo(retention, WEBHOOK_RETRY_WINDOW_MS + 60_000),
    });
    // A deactivated endpoint's queue waits: a pending delivery stays while its window plus 30 days lasts.
    await delivery(endpoint.id, "pending-recent", { status: "pending", windowStartedAt: daysAgo(2) });
    await delivery(endpoint.id, "pending-expired", { status: "pending", windowStartedAt: daysAgo(retention + 2) });

    expect(await purgeOldWebhookDeliveries(handle.db, NOW)).toEqual({ deliveries: 3, events: 3 });

    const left = await handle.db
      .select({ resourceKey: webhookDeliveries.resourceKey })
      .from(webhookDeliveries)
      .orderBy(asc(webhookDeliveries.resourceKey));
    expect(left.map((d) => d.resourceKey)).toEqual(["order:failed-in-grace", "order:pending-recent", "order:recent-delivered"]);
    expect(await handle.db.$count(webhookAttempts)).toBe(3);
    const events = await handle.db
      .select({ resourceId: webhookEvents.resourceId })
      .from(webhookEvents)
      .orderBy(asc(webhookEvents.resourceId));
    expect(events.map((e) => e.resourceId)).toEqual(["failed-in-grace", "pending-recent", "recent-delivered"]);

    // A second pass the same day finds nothing more (the job is idempotent).
    expect(await purgeOldWebhookDeliveries(handle.db, NOW)).toEqual({ deliveries: 0, events: 0 });
  });

  it("keeps an event while one of its deliveries is kept, even when another endpoint's copy went", async () => {
    const [a, b] = await handle.db
      .insert(webhookEndpoints)
      .values([
        { url: "https://a.example.com/hook", events: ["order.created"], secret: "whsec_a" },
        { url: "https://b.example.com/hook", events: ["order.created"], secret: "whsec_b" },
      ])
      .returning();
    const old = daysAgo(WEBHOOK_RETENTION_DAYS + 1);
    const first = await delivery(a.id, "shared", { status: "delivered", windowStartedAt: old, deliveredAt: old });
    // The same event, resent to b yesterday: its fresh window keeps it.
    await handle.db
      .insert(webhookDeliveries)
      .values({ endpointId: b.id, eventId: first.eventId, resourceKey: "order:shared", status: "failed", windowStartedAt: daysAgo(1) });

    expect(await purgeOldWebhookDeliveries(handle.db, NOW)).toEqual({ deliveries: 1, events: 0 });
    expect(await handle.db.$count(webhookEvents)).toBe(1);
    expect(await handle.db.$count(webhookDeliveries)).toBe(1);
  });
});
