/**
 * Shapes of the notifications API (isomorphic, no zod: the header bell imports these types only).
 * The lists match the database's CHECK constraints (app/.server/db/schema/accounts.ts).
 */
export type NotificationType = "order_status" | "order" | "promotion" | "system" | "other";
export type NotificationPriority = "urgent" | "high" | "normal" | "low";

/** One notification as the API and the pages see it (snake_case, ISO dates). */
export type NotificationView = {
  id: string;
  type: NotificationType;
  priority: NotificationPriority;
  title: string;
  message: string;
  is_read: boolean;
  /** A same-site path to open (an order page...), or null. */
  action_url: string | null;
  /** For order_status: new_status (or status) of the order, and its id. */
  metadata: Record<string, unknown>;
  /**
   * The catalog message that words title and message in the reader's language
   * (`account.notification.<message_key>.title` / `.message`, decision 044) and its values; null
   * for notifications stored before (shown as their French title and message).
   */
  message_key: string | null;
  params: Record<string, string> | null;
  created_at: string;
};

export const NOTIFICATION_FILTERS = ["all", "unread", "read"] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

/** GET /api/v1/notifications: the list asked for and the unread count of the same scope. */
export type NotificationListView = { data: NotificationView[]; unread_count: number };
