/**
 * Retention of the delivery log (decision 050): a delivered delivery goes, with its attempts,
 * WEBHOOK_RETENTION_DAYS after it was delivered; a failed or still pending one only once its 24 h
 * retry window is over and then WEBHOOK_RETENTION_DAYS more, so 'Renvoyer' stays possible for a
 * month after a receiver gave up. An event goes when none of its deliveries is left. Daily job
 * (the run-once-across-processes claim of jobs/daily-job.ts); idempotent.
 */
import { and, eq, inArray, isNotNull, lt, ne, notExists, or, sql } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { webhookDeliveries, webhookEvents } from "~/.server/db/schema";
import { WEBHOOK_RETRY_WINDOW_MS } from "./webhook-delivery";

export const WEBHOOK_RETENTION_DAYS = 30;
/** Rows deleted per statement: a large backlog goes in short statements rather than one long lock. */
const PURGE_BATCH = 5_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type WebhookPurgeResult = { deliveries: number; events: number };

export async function purgeOldWebhookDeliveries(db: Executor, now: Date = new Date()): Promise<WebhookPurgeResult> {
  const deliveredBefore = new Date(now.getTime() - WEBHOOK_RETENTION_DAYS * DAY_MS);
  const windowStartedBefore = new Date(deliveredBefore.getTime() - WEBHOOK_RETRY_WINDOW_MS);
  const expired = or(
    and(
      eq(webhookDeliveries.status, "delivered"),
      isNotNull(webhookDeliveries.deliveredAt),
      lt(webhookDeliveries.deliveredAt, deliveredBefore),
    ),
    and(ne(webhookDeliveries.status, "delivered"), lt(webhookDeliveries.windowStartedAt, windowStartedBefore)),
  );
  let deliveries = 0;
  for (;;) {
    // Attempts go with their delivery (ON DELETE CASCADE).
    const batch = db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(expired).limit(PURGE_BATCH);
    const gone = await db.delete(webhookDeliveries).where(inArray(webhookDeliveries.id, batch)).returning({ id: webhookDeliveries.id });
    deliveries += gone.length;
    if (gone.length < PURGE_BATCH) break;
  }
  let events = 0;
  for (;;) {
    // An event younger than the retention may be in the middle of its enqueue transaction.
    const batch = db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(
        and(
          lt(webhookEvents.createdAt, deliveredBefore),
          notExists(
            db
              .select({ one: sql`1` })
              .from(webhookDeliveries)
              .where(eq(webhookDeliveries.eventId, webhookEvents.id)),
          ),
        ),
      )
      .limit(PURGE_BATCH);
    const gone = await db.delete(webhookEvents).where(inArray(webhookEvents.id, batch)).returning({ id: webhookEvents.id });
    events += gone.length;
    if (gone.length < PURGE_BATCH) break;
  }
  return { deliveries, events };
}
