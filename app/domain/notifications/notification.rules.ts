/**
 * Display rules of notifications (spec storefront §9, back-office §2), without zod or React so the
 * header bell's chunk stays small. French wording, fr-FR dates.
 */
import { formatShortDate } from "~/lib/paris-time";
import { NOTIFICATION_BADGE_MAX } from "~/lib/shop-rules";
import type { NotificationFilter, NotificationPriority, NotificationType, NotificationView } from "./notification.types";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Under 1 hour "À l'instant", under 24 hours "Il y a {n}h", else the French date ("12/05/2025") in the reader's zone. */
export function formatNotificationAge(createdAt: string | Date, now: Date = new Date(), timeZone?: string): string {
  const date = typeof createdAt === "string" ? new Date(createdAt) : createdAt;
  // A clock slightly ahead of ours (another server) still reads as just now.
  const age = Math.max(0, now.getTime() - date.getTime());
  if (age < HOUR_MS) return "À l'instant";
  if (age < DAY_MS) return `Il y a ${Math.floor(age / HOUR_MS)}h`;
  return formatShortDate(date, timeZone);
}

/** The bell's badge: nothing at 0, the number up to 9, then "9+". */
export function notificationBadgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > NOTIFICATION_BADGE_MAX ? `${NOTIFICATION_BADGE_MAX}+` : String(unread);
}

/** "1 non lue", "3 non lues" (screen readers hear it after "Notifications"). */
export function unreadLabel(unread: number): string {
  return `${unread} ${unread > 1 ? "non lues" : "non lue"}`;
}

export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  order_status: ACCOUNT_MESSAGES.orderTracking,
  order: ACCOUNT_MESSAGES.topicOrder,
  promotion: ACCOUNT_MESSAGES.topicPromotion,
  system: ACCOUNT_MESSAGES.topicSystem,
  other: ACCOUNT_MESSAGES.otherLabel,
};

export const NOTIFICATION_PRIORITY_LABELS: Record<NotificationPriority, string> = {
  urgent: ACCOUNT_MESSAGES.priorityUrgent,
  high: ACCOUNT_MESSAGES.priorityHigh,
  normal: SHOP_MESSAGES.normalLabel,
  low: ACCOUNT_MESSAGES.priorityLow,
};

export const NOTIFICATION_FILTER_LABELS: Record<NotificationFilter, string> = {
  all: ACCOUNT_MESSAGES.filterAll,
  unread: ACCOUNT_MESSAGES.unread,
  read: ACCOUNT_MESSAGES.filterRead,
};

export function matchesFilter(notification: NotificationView, filter: NotificationFilter): boolean {
  if (filter === "unread") return !notification.is_read;
  if (filter === "read") return notification.is_read;
  return true;
}

/**
 * action_url is shown as a link only when it is a path on this site: a stored "javascript:" or
 * foreign URL must never become a clickable link.
 */
export function safeActionPath(url: string | null): string | null {
  if (!url || !url.startsWith("/") || url.startsWith("//") || url.startsWith("/\\")) return null;
  return url;
}

/** The unread count after one notification left the unread set; never below 0 (spec storefront §4). */
export function decrementUnread(unread: number, by = 1): number {
  return Math.max(0, unread - by);
}
