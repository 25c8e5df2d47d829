/**
 * Notifications of a shopper (header bell and the dashboard's Notifications tab).
 *
 * A notification is written in the transaction of the change it reports, together with a
 * `pg_notify` on NOTIFICATION_CHANNEL: PostgreSQL delivers NOTIFY only when the transaction
 * commits, so a rolled-back change never reaches an open page, and every server process
 * LISTENing on the database (see DatabaseHandle.listen) hears it. The row is the durable copy;
 * the NOTIFY is only the wake-up call for the realtime stream.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { notifications } from "~/.server/db/schema";

export const NOTIFICATION_CHANNEL = "aurore_notifications";

export const NOTIFICATION_TYPES = ["order_status", "order", "promotion", "system", "other"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_PRIORITIES = ["urgent", "high", "normal", "low"] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

export type NewNotification = {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  priority?: NotificationPriority;
  actionUrl?: string | null;
  metadata?: Record<string, unknown>;
  createdAt?: Date;
};

/** What NOTIFY carries: enough to route the event; the stream reads the row itself. */
export type NotificationSignal = { id: string; user_id: string };

/** Inserts the notification and signals it; pass the transaction of the change it reports. */
export async function createNotification(tx: Executor, input: NewNotification): Promise<string> {
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: input.userId,
      type: input.type,
      title: input.title,
      message: input.message,
      priority: input.priority ?? "normal",
      actionUrl: input.actionUrl ?? null,
      metadata: input.metadata ?? {},
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning({ id: notifications.id });
  const signal: NotificationSignal = { id: row.id, user_id: input.userId };
  await tx.execute(sql`SELECT pg_notify(${NOTIFICATION_CHANNEL}, ${JSON.stringify(signal)})`);
  return row.id;
}
