import type { Database } from "~/.server/db/client";
import { countUnread, listNotifications } from "~/.server/modules/notifications/notifications.service";
import type { NotificationView } from "~/domain/notifications/notification.types";
import { log } from "~/.server/logger";

export type NotificationsTabData = { notifications: NotificationView[]; unreadCount: number };

/**
 * Data of the dashboard's Notifications tab: every type, newest first, and the unread count.
 * A failure is logged and the tab shows an empty list (spec back-office §8: the user sees nothing).
 */
export async function loadNotificationsTab(db: Database, userId: string): Promise<NotificationsTabData> {
  try {
    const [notifications, unreadCount] = await Promise.all([listNotifications(db, userId), countUnread(db, userId)]);
    return { notifications, unreadCount };
  } catch (error) {
    log.error({ err: error }, "dashboard: notifications failed to load");
    return { notifications: [], unreadCount: 0 };
  }
}
