/**
 * Migrations 0044 and 0046 (decision 059, "Webhooks") on a shop that already received Stripe
 * events. 0044 (a charge of an earlier try is refunded): a database migrated up to 0043, holding
 * events of every outcome it knew, is migrated to the latest schema; the events are untouched, the
 * new outcome `earlier_try_refunded` is taken, and an outcome the shop does not know is still
 * refused. 0046 (a dispute's status follows Stripe's updates): a database migrated up to 0045,
 * holding a dispute and its event, is migrated; the dispute's status counts as reported at its
 * opening, so a later report replaces it and an older one does not, and `dispute_updated` is
 * taken. Runs on PGlite, and on the PostgreSQL server when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { upgradedDatabase, type UpgradedDatabase } from "../../../tests/support/migrations";
import { reportPaymentDisputeStatus } from "../modules/payments/payment-reports.service";
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

describe("upgrading a shop that recorded disputes to their later statuses", () => {
  const OPENED_AT = new Date("2026-03-06T08:00:00.000Z");
  let disputeHandle: DatabaseHandle;
  let disputes: UpgradedDatabase | undefined;
  const run = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await disputeHandle.db.execute(q));

  beforeAll(async () => {
    disputes = await upgradedDatabase("0045_instalment_authentication", async (old) => {
      disputeHandle = old;
      await run(sql`
        INSERT INTO payment_disputes (id, provider, payment_id, charge_id, amount_cents, currency, reason, status,
                                      evidence_due_by, opened_at, recorded_at)
        VALUES ('dp_old', 'stripe', 'pi_old', 'ch_old', 4200, 'eur', 'fraudulent', 'needs_response',
                '2026-03-20T23:59:59Z', ${OPENED_AT.toISOString()}, now() - interval '2 days')`);
      await run(sql`
        INSERT INTO stripe_webhook_events (id, type, created_at, received_at, outcome, payload)
        VALUES ('evt_old_dispute', 'charge.dispute.created', now() - interval '2 days', now() - interval '2 days',
                'dispute_recorded', ${JSON.stringify({ dispute: "dp_old" })}::jsonb)`);
    });
    disputeHandle = disputes.handle;
  }, 120_000);

  afterAll(async () => {
    await disputes?.close();
  }, 60_000);

  it("reports the old dispute's status at its opening, weighs later reports against it and takes dispute_updated", async () => {
    expect(await run(sql`SELECT status, status_reported_at FROM payment_disputes WHERE id = 'dp_old'`)).toEqual([
      { status: "needs_response", status_reported_at: expect.anything() },
    ]);
    const [{ reported }] = await run<{ reported: boolean }>(
      sql`SELECT status_reported_at = opened_at AS reported FROM payment_disputes WHERE id = 'dp_old'`,
    );
    expect(reported).toBe(true);

    const report = (status: string, reportedAt: Date) =>
      disputeHandle.db.transaction((tx) => reportPaymentDisputeStatus(tx, "dp_old", { status, evidenceDueBy: null, reportedAt }));
    expect(await report("under_review", new Date(OPENED_AT.getTime() - 1000))).toMatchObject({ kind: "outdated" });
    expect(await report("lost", new Date(OPENED_AT.getTime() + 60_000))).toMatchObject({
      kind: "applied",
      previousStatus: "needs_response",
      dispute: { status: "lost", evidenceDueBy: null },
    });

    const event = { id: "evt_dispute_closed", type: "charge.dispute.closed", createdAt: new Date() };
    await disputeHandle.db.transaction(async (tx) => {
      expect(await claimStripeEvent(tx, event)).toBe(true);
      await settleStripeEvent(tx, event.id, { outcome: "dispute_updated", payload: { dispute: "dp_old" } });
    });
    expect(await run(sql`SELECT id, outcome FROM stripe_webhook_events ORDER BY id`)).toEqual([
      { id: "evt_dispute_closed", outcome: "dispute_updated" },
      { id: "evt_old_dispute", outcome: "dispute_recorded" },
    ]);
    await expect(run(sql`UPDATE stripe_webhook_events SET outcome = 'whatever' WHERE id = 'evt_dispute_closed'`)).rejects.toThrow();
    await expect(run(sql`UPDATE payment_disputes SET status_reported_at = NULL WHERE id = 'dp_old'`)).rejects.toThrow();
  });
});
