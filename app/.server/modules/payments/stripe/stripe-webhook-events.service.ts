/**
 * The Stripe events the shop received (decision 059, "Webhooks"), the only writer of
 * `stripe_webhook_events`. An event is claimed first thing in its handling's transaction: the
 * insert of its id either succeeds (this request handles it) or finds the id taken (a replay, or
 * the same event posted twice at once: the second insert waits for the first transaction, then
 * sees its row). The outcome is written in the same transaction, so a handling that fails leaves
 * no row and Stripe's retry is handled afresh.
 *
 * Rows are kept STRIPE_WEBHOOK_EVENT_RETENTION_DAYS after they arrived, then purged by a daily job.
 */
import { eq, inArray, lt } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { stripeWebhookEvents } from "~/.server/db/schema";
import type { StripeWebhookOutcome } from "~/domain/payments/stripe-webhooks";

export type StripeWebhookEventRow = typeof stripeWebhookEvents.$inferSelect;

/**
 * How long a received event is kept (decision 059, "Webhooks"). Stripe retries a delivery for
 * three days and keeps its events 30 days (the dashboard can resend one until then): past that no
 * delivery of the event can come again, and the row only serves the audit.
 */
export const STRIPE_WEBHOOK_EVENT_RETENTION_DAYS = 30;
/** Rows deleted per statement: a large backlog goes in short statements rather than one long lock. */
const PURGE_BATCH = 5_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type StripeEventPurgeResult = { purged: number };

/** Takes an event for this transaction; false when it was already handled (or is being handled). */
export async function claimStripeEvent(
  tx: Executor,
  event: { id: string; type: string; createdAt: Date },
  now = new Date(),
): Promise<boolean> {
  const rows = await tx
    .insert(stripeWebhookEvents)
    .values({ id: event.id, type: event.type, createdAt: event.createdAt, receivedAt: now, outcome: "ignored" })
    .onConflictDoNothing({ target: stripeWebhookEvents.id })
    .returning({ id: stripeWebhookEvents.id });
  return rows.length === 1;
}

/** What the handling made of a claimed event, and the few fields it read. */
export async function settleStripeEvent(
  tx: Executor,
  eventId: string,
  settled: { outcome: StripeWebhookOutcome; attemptId?: string | null; payload: Record<string, unknown> },
): Promise<void> {
  await tx
    .update(stripeWebhookEvents)
    .set({ outcome: settled.outcome, attemptId: settled.attemptId ?? null, payload: settled.payload })
    .where(eq(stripeWebhookEvents.id, eventId));
}

/** A received event, or null (tests and support). */
export async function findStripeEvent(db: Executor, eventId: string): Promise<StripeWebhookEventRow | null> {
  const [row] = await db.select().from(stripeWebhookEvents).where(eq(stripeWebhookEvents.id, eventId));
  return row ?? null;
}

/**
 * Deletes the events received more than the retention ago (daily job, idempotent). None of them
 * still matters to a handling: each row is written with its outcome in the transaction that
 * handled it (an event being handled is not committed, so not seen here), what a handling
 * records lives elsewhere (the attempts, payment_disputes, payment_external_refunds), an earlier
 * try's refund is made before the row is written, and nothing reads a row but the replay check,
 * which no delivery can need once Stripe can no longer send the event.
 */
export async function purgeOldStripeEvents(db: Executor, now: Date = new Date()): Promise<StripeEventPurgeResult> {
  const receivedBefore = new Date(now.getTime() - STRIPE_WEBHOOK_EVENT_RETENTION_DAYS * DAY_MS);
  let purged = 0;
  for (;;) {
    const batch = db
      .select({ id: stripeWebhookEvents.id })
      .from(stripeWebhookEvents)
      .where(lt(stripeWebhookEvents.receivedAt, receivedBefore))
      .limit(PURGE_BATCH);
    const gone = await db
      .delete(stripeWebhookEvents)
      .where(inArray(stripeWebhookEvents.id, batch))
      .returning({ id: stripeWebhookEvents.id });
    purged += gone.length;
    if (gone.length < PURGE_BATCH) return { purged };
  }
}
