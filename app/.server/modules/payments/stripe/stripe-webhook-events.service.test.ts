/**
 * Retention of the Stripe webhook events (decision 059, "Webhooks"): the daily job deletes the
 * events received more than STRIPE_WEBHOOK_EVENT_RETENTION_DAYS ago, keeps the younger ones and
 * the payment attempts they were about, and its run records how many went. Runs on PGlite, and on
 * the PostgreSQL server when TEST_DATABASE_URL is set.
 */
import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../../tests/support/db";
import { createShopper } from "../../../../../tests/support/shoppers";
import { rowsOf, type DatabaseHandle } from "../../../db/client";
import { paymentAttempts, stripeWebhookEvents } from "../../../db/schema";
import { runClaimedJob } from "../../../jobs/daily-job";
import { beginPaymentAttempt } from "../payment-attempts.service";
import {
  claimStripeEvent,
  purgeOldStripeEvents,
  settleStripeEvent,
  STRIPE_WEBHOOK_EVENT_RETENTION_DAYS,
} from "./stripe-webhook-events.service";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

const NOW = new Date("2026-11-26T03:00:00Z");
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;
const RETENTION_MS = STRIPE_WEBHOOK_EVENT_RETENTION_DAYS * DAY_MS;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

/** An event as the webhook leaves it: claimed and settled in one transaction, received at `receivedAt`. */
async function received(name: string, receivedAt: Date, attemptId: string | null = null) {
  const id = `evt_${name}_${randomUUID().slice(0, 8)}`;
  await handle.db.transaction(async (tx) => {
    // Stripe creates an event shortly before it delivers it (or up to three days before, retrying).
    expect(
      await claimStripeEvent(tx, { id, type: "payment_intent.succeeded", createdAt: new Date(receivedAt.getTime() - 1000) }, receivedAt),
    ).toBe(true);
    await settleStripeEvent(tx, id, { outcome: attemptId ? "attempt_charged" : "unknown_payment", attemptId, payload: { name } });
  });
  return id;
}

async function eventNames(): Promise<string[]> {
  const rows = await handle.db
    .select({ payload: stripeWebhookEvents.payload })
    .from(stripeWebhookEvents)
    .orderBy(asc(stripeWebhookEvents.receivedAt));
  return rows.map((r) => String(r.payload.name));
}

describe("Stripe webhook events retention", () => {
  it("deletes the events received more than 30 days ago, keeps the younger ones and the attempts, and the job counts them", async () => {
    expect(STRIPE_WEBHOOK_EVENT_RETENTION_DAYS).toBe(30);
    const shopper = await createShopper(handle.db);
    const begun = await beginPaymentAttempt(handle.db, {
      userId: shopper.id,
      idempotencyKey: `checkout-${randomUUID()}`,
      amountCents: 2500,
      currency: "EUR",
      provider: "stripe",
    });
    if (begun.kind !== "new") throw new Error("new attempt expected");

    await received("a-year-ago", ago(365 * DAY_MS), begun.attempt.id);
    await received("just-past-retention", ago(RETENTION_MS + MINUTE_MS));
    await received("just-inside-retention", ago(RETENTION_MS - MINUTE_MS), begun.attempt.id);
    await received("in-stripe-retry-window", ago(2 * DAY_MS));
    await received("today", ago(MINUTE_MS));

    const run = await runClaimedJob(handle.db, "stripe-webhook-event-purge", () => purgeOldStripeEvents(handle.db, NOW), {
      everyMs: DAY_MS,
    });
    expect(run).toEqual({ ran: true, result: { purged: 2 } });
    expect(await eventNames()).toEqual(["just-inside-retention", "in-stripe-retry-window", "today"]);
    // The job's run keeps its count (job_runs.last_result).
    const [job] = rowsOf<{ last_result: unknown }>(
      await handle.db.execute(sql`SELECT last_result FROM job_runs WHERE name = 'stripe-webhook-event-purge'`),
    );
    expect(job.last_result).toEqual({ purged: 2 });
    // The attempt an old event was about is the payments' record, not the event's: it stays.
    expect(await handle.db.$count(paymentAttempts, eq(paymentAttempts.id, begun.attempt.id))).toBe(1);

    // A second pass the same day finds nothing more (the job is idempotent).
    expect(await purgeOldStripeEvents(handle.db, NOW)).toEqual({ purged: 0 });
    // A day later, the event that was just inside the retention goes too.
    expect(await purgeOldStripeEvents(handle.db, new Date(NOW.getTime() + DAY_MS))).toEqual({ purged: 1 });
    expect(await eventNames()).toEqual(["in-stripe-retry-window", "today"]);
  });
});
