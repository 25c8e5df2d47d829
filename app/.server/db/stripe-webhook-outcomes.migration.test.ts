/**
 * Migration 0044 (decision 059, "Webhooks": a charge of an earlier try is refunded) on a shop that
 * already received Stripe events: a database migrated up to 0043, holding events of every outcome
 * it knew, is migrated to the latest schema. The events are untouched, the new outcome
 * `earlier_try_refunded` is taken, and an outcome the shop does not know is still refused. Runs on
 * PGlite, and on the PostgreSQL server when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { upgradedDatabase, type UpgradedDatabase } from "../../../tests/support/migrations";
import { claimStripeEvent, settleStripeEvent } from "../modules/payments/stripe/stripe-webhook-events.service";
import { rowsOf, type DatabaseHandle } from "./client";

const LAST_OLD_MIGRATION = "0043_stripe_webhooks";
const OLD_OUTCOMES = [
  "attempt_charged",
  "attempt_failed",
  "already_settled",
  "amount_mismatch",
  "unknown_payment",
  "refunds_reconciled",
  "dispute_recorded",
  "ignored",
];

let handle: DatabaseHandle;
let upgraded: UpgradedDatabase | undefined;
let eventsBefore: Record<string, unknown>[];

const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await handle.db.execute(q));
const eventsNow = () => query<Record<string, unknown>>(sql`SELECT * FROM stripe_webhook_events ORDER BY id`);

beforeAll(async () => {
  upgraded = await upgradedDatabase(LAST_OLD_MIGRATION, async (old) => {
    handle = old;
    for (const [i, outcome] of OLD_OUTCOMES.entries()) {
      await query(sql`
        INSERT INTO stripe_webhook_events (id, type, created_at, received_at, outcome, payload)
        VALUES (${`evt_old_${i}`}, 'payment_intent.succeeded', now() - interval '2 days', now() - interval '2 days', ${outcome},
                ${JSON.stringify({ payment_intent: `pi_old_${i}` })}::jsonb)`);
    }
    eventsBefore = await eventsNow();
  });
  handle = upgraded.handle;
}, 120_000);

afterAll(async () => {
  await upgraded?.close();
}, 60_000);

describe("upgrading a shop that received Stripe events to the earlier try's refund", () => {
  it("keeps the events, takes the new outcome and still refuses an unknown one", async () => {
    expect(eventsBefore).toHaveLength(OLD_OUTCOMES.length);
    expect(await eventsNow()).toEqual(eventsBefore);

    const event = { id: "evt_earlier_try", type: "payment_intent.succeeded", createdAt: new Date() };
    await handle.db.transaction(async (tx) => {
      expect(await claimStripeEvent(tx, event)).toBe(true);
      await settleStripeEvent(tx, event.id, { outcome: "earlier_try_refunded", payload: { payment_intent: "pi_earlier" } });
    });
    expect(await query(sql`SELECT outcome FROM stripe_webhook_events WHERE id = 'evt_earlier_try'`)).toEqual([
      { outcome: "earlier_try_refunded" },
    ]);
    await expect(query(sql`UPDATE stripe_webhook_events SET outcome = 'whatever' WHERE id = 'evt_earlier_try'`)).rejects.toThrow();
  });
});
