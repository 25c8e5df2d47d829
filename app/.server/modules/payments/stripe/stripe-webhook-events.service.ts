/**
 * The Stripe events the shop received (decision 059, "Webhooks"), the only writer of
 * `stripe_webhook_events`. An event is claimed first thing in its handling's transaction: the
 * insert of its id either succeeds (this request handles it) or finds the id taken (a replay, or
 * the same event posted twice at once: the second insert waits for the first transaction, then
 * sees its row). The outcome is written in the same transaction, so a handling that fails leaves
 * no row and Stripe's retry is handled afresh.
 */
import { eq } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { stripeWebhookEvents } from "~/.server/db/schema";
import type { StripeWebhookOutcome } from "~/domain/payments/stripe-webhooks";

export type StripeWebhookEventRow = typeof stripeWebhookEvents.$inferSelect;

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
