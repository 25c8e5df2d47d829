/**
 * Migration 0043 (Stripe's webhooks, decision 059) on a shop that already takes payments: a
 * database migrated up to 0042, holding an order paid by card and attempts in several states, is
 * migrated to the latest schema. The attempts and the order are untouched, the new tables start
 * empty and take the webhook's rows for the old order, and the attempts are found by their
 * provider payment id through the new index. Runs on PGlite, and on the PostgreSQL server when
 * TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { upgradedDatabase, type UpgradedDatabase } from "../../../tests/support/migrations";
import { lockAttemptOfProviderPayment } from "../modules/payments/payment-attempts.service";
import { recordPaymentDispute } from "../modules/payments/payment-reports.service";
import { claimStripeEvent } from "../modules/payments/stripe/stripe-webhook-events.service";
import { rowsOf, type DatabaseHandle } from "./client";

const LAST_OLD_MIGRATION = "0042_event_receipts";

let handle: DatabaseHandle;
let upgraded: UpgradedDatabase | undefined;
let orderId: string;
let attemptsBefore: Record<string, unknown>[];

const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await handle.db.execute(q));
const attemptsNow = () => query<Record<string, unknown>>(sql`SELECT * FROM payment_attempts ORDER BY provider_key`);

beforeAll(async () => {
  upgraded = await upgradedDatabase(LAST_OLD_MIGRATION, async (old) => {
    handle = old;
    await query(sql`INSERT INTO "user" (id, name, email) VALUES ('client', 'Camille', 'camille@example.com')`);
    const [order] = await query<{ id: string }>(sql`
      INSERT INTO orders (order_number, user_id, status, payment_status, subtotal_cents, total_cents, shipping_address, idempotency_key)
      VALUES ('AUR-2026-000042', 'client', 'confirmed', 'paid', 4900, 4900, ${JSON.stringify({ city: "Lyon" })}::jsonb, 'key-linked')
      RETURNING id`);
    orderId = order.id;
    await query(sql`
      INSERT INTO payment_attempts (user_id, idempotency_key, amount_cents, status, provider, provider_key, provider_payment_id, order_id, charged_at)
      VALUES
        ('client', 'key-linked', 4900, 'linked', 'stripe', 'a:1', 'pi_linked', ${orderId}, now() - interval '2 days'),
        ('client', 'key-refunded', 1500, 'refunded', 'stripe', 'b:2', 'pi_refunded', NULL, now() - interval '1 day'),
        ('client', 'key-pending', 2000, 'pending', 'simulated', 'c:1', NULL, NULL, NULL)`);
    attemptsBefore = await attemptsNow();
  });
}, 120_000);

afterAll(async () => {
  await upgraded?.close();
}, 60_000);

describe("upgrading a shop that takes payments to the Stripe webhooks", () => {
  it("leaves the payment attempts as they were, and finds them by the provider's payment id", async () => {
    expect(await attemptsNow()).toEqual(attemptsBefore);
    const indexes = await query<{ indexname: string }>(
      sql`SELECT indexname FROM pg_indexes WHERE tablename = 'payment_attempts' AND indexname = 'payment_attempts_provider_payment_idx'`,
    );
    expect(indexes).toHaveLength(1);
    const found = await handle.db.transaction((tx) => lockAttemptOfProviderPayment(tx, "stripe", "pi_linked", null));
    expect(found).toMatchObject({ status: "linked", orderId, amountCents: 4900 });
  });

  it("starts the new tables empty, and they take the webhook's rows for the old order, once each", async () => {
    for (const table of ["stripe_webhook_events", "payment_disputes", "payment_external_refunds"]) {
      expect(await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`)).toEqual([{ n: 0 }]);
    }
    const event = { id: "evt_upgrade", type: "charge.dispute.created", createdAt: new Date() };
    expect(await handle.db.transaction((tx) => claimStripeEvent(tx, event))).toBe(true);
    expect(await handle.db.transaction((tx) => claimStripeEvent(tx, event))).toBe(false);
    const dispute = {
      id: "dp_upgrade",
      provider: "stripe",
      paymentId: "pi_linked",
      chargeId: "ch_linked",
      orderId,
      amountCents: 4900,
      currency: "eur",
      reason: "fraudulent",
      status: "needs_response",
      evidenceDueBy: null,
      openedAt: new Date(),
    };
    expect(await recordPaymentDispute(handle.db, dispute)).toBe(true);
    expect(await recordPaymentDispute(handle.db, dispute)).toBe(false);
    await expect(query(sql`UPDATE stripe_webhook_events SET outcome = 'whatever' WHERE id = 'evt_upgrade'`)).rejects.toThrow();
  });
});
