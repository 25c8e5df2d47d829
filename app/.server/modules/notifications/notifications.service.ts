/**
 * Notifications of a shopper (header bell and the dashboard's Notifications tab).
 *
 * A notification is written in the transaction of the change it reports (by a workflow), or by
 * the notifications subscriber of that change's domain event (decision 054), together with a
 * `pg_notify` on NOTIFICATION_CHANNEL: PostgreSQL delivers NOTIFY only when the transaction
 * commits, so a rolled-back change never reaches an open page, and every server process
 * LISTENing on the database (see DatabaseHandle.listen) hears it. The row is the durable copy;
 * the NOTIFY is only the wake-up call for the realtime stream.
 */
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { notifications } from "~/.server/db/schema";
import { isUuid } from "~/lib/uuid";
import { notFound } from "~/domain/errors";
import { HEADER_NOTIFICATIONS_LIMIT, NOTIFICATIONS_LIST_LIMIT } from "~/lib/shop-rules";
import type { NotificationFilter, NotificationView } from "~/domain/notifications/notification.types";
import type { NotificationMessageKey, NotificationParams } from "~/domain/notifications/notification-wording";

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
  /** The catalog message that words it in the reader's language, with its values (decision 044). */
  messageKey?: NotificationMessageKey;
  params?: NotificationParams;
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
      messageKey: input.messageKey ?? null,
      params: input.messageKey ? (input.params ?? {}) : null,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning({ id: notifications.id });
  const signal: NotificationSignal = { id: row.id, user_id: input.userId };
  await tx.execute(sql`SELECT pg_notify(${NOTIFICATION_CHANNEL}, ${JSON.stringify(signal)})`);
  return row.id;
}

/**
 * Whether the shopper already has the reminder named `reminderKey` (its metadata's
 * `reminder_key`): a reminder is written once per key, read in the writer's transaction.
 */
export async function hasReminder(tx: Executor, userId: string, reminderKey: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), sql`${notifications.metadata}->>'reminder_key' = ${reminderKey}`))
    .limit(1);
  return Boolean(row);
}

/* ---------------------------------------------------------------------------------------------- */
/* Reading and changing one's own notifications. Every call is scoped to one user id: someone     */
/* else's id, an unknown id and a malformed id all read the same, "Notification introuvable".      */
/* ---------------------------------------------------------------------------------------------- */

export const NOTIFICATION_NOT_FOUND_MESSAGE = "Notification introuvable";

type NotificationRow = typeof notifications.$inferSelect;

/** Thrown by the changes below (a domain error, ~/domain/errors). */
const notificationNotFound = () => notFound("not_found", NOTIFICATION_NOT_FOUND_MESSAGE);

export function toNotificationView(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    type: row.type as NotificationView["type"],
    priority: row.priority as NotificationView["priority"],
    title: row.title,
    message: row.message,
    is_read: row.isRead,
    action_url: row.actionUrl,
    metadata: row.metadata ?? {},
    message_key: row.messageKey,
    params: row.params,
    created_at: row.createdAt.toISOString(),
  };
}

export type NotificationQuery = {
  filter?: NotificationFilter;
  type?: NotificationType;
  limit?: number;
};

function scope(userId: string, { filter = "all", type }: Pick<NotificationQuery, "filter" | "type"> = {}): SQL {
  const conditions: SQL[] = [eq(notifications.userId, userId)];
  if (type) conditions.push(eq(notifications.type, type));
  if (filter === "unread") conditions.push(eq(notifications.isRead, false));
  if (filter === "read") conditions.push(eq(notifications.isRead, true));
  return and(...conditions) as SQL;
}

/** The user's notifications, newest first (all types unless `type` is given), at most `limit`. */
export async function listNotifications(db: Executor, userId: string, query: NotificationQuery = {}): Promise<NotificationView[]> {
  const limit = Math.min(Math.max(1, Math.trunc(query.limit ?? NOTIFICATIONS_LIST_LIMIT)), NOTIFICATIONS_LIST_LIMIT);
  const rows = await db
    .select()
    .from(notifications)
    .where(scope(userId, query))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  return rows.map(toNotificationView);
}

/** The header bell's list (spec storefront §7): order_status only, newest first, 50 at most. */
export function listHeaderNotifications(db: Executor, userId: string): Promise<NotificationView[]> {
  return listNotifications(db, userId, { type: "order_status", limit: HEADER_NOTIFICATIONS_LIMIT });
}

/** Unread notifications of the user (of one type when given): a count, so never below 0. */
export async function countUnread(db: Executor, userId: string, type?: NotificationType): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(scope(userId, { filter: "unread", type }));
  return Number(row?.n ?? 0);
}

/** One of the user's own notifications, or null (unknown, malformed or someone else's id). */
export async function getNotification(db: Executor, userId: string, id: string): Promise<NotificationView | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  return row ? toNotificationView(row) : null;
}

/** Marks one own notification read (already read: unchanged, still a success). */
export async function markRead(db: Executor, userId: string, id: string): Promise<NotificationView> {
  if (!isUuid(id)) throw notificationNotFound();
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw notificationNotFound();
  return toNotificationView(row);
}

/** Marks every unread notification of the user read (all types); returns how many changed. */
export async function markAllRead(db: Executor, userId: string): Promise<{ updated: number }> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(scope(userId, { filter: "unread" }))
    .returning({ id: notifications.id });
  return { updated: rows.length };
}

/** Deletes one own notification. */
export async function deleteNotification(db: Executor, userId: string, id: string): Promise<{ id: string }> {
  if (!isUuid(id)) throw notificationNotFound();
  const [row] = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!row) throw notificationNotFound();
  return { id: row.id };
}

/** The erasure of an account (RGPD art. 17). */
export async function eraseNotificationsOf(tx: Executor, userId: string): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.userId, userId));
}
