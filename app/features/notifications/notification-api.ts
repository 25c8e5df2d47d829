/**
 * Browser calls to /api/v1/notifications (same origin, session cookie). Every function resolves,
 * never throws: the spec wants notification errors logged, not shown, so callers only log
 * `ok: false` and keep the page working.
 */
import type {
  NotificationFilter,
  NotificationListView,
  NotificationType,
  NotificationView,
} from "~/domain/notifications/notification.types";

export type NotificationApiResult<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

async function call<T>(url: string, init: RequestInit = {}, whole = false): Promise<NotificationApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      credentials: "same-origin",
      headers: { Accept: "application/json", ...(init.body ? { "Content-Type": "application/json" } : {}) },
    });
  } catch (error) {
    return { ok: false, status: 0, message: error instanceof Error ? error.message : "network error" };
  }
  const body = (await response.json().catch(() => null)) as ({ data?: T; error?: { message?: string } } & Record<string, unknown>) | null;
  if (response.ok && body && "data" in body) return { ok: true, data: (whole ? body : body.data) as T };
  return { ok: false, status: response.status, message: body?.error?.message ?? `HTTP ${response.status}` };
}

export const NOTIFICATIONS_URL = "/api/v1/notifications";
export const NOTIFICATION_STREAM_URL = "/api/v1/notifications/stream";

export function fetchNotifications(
  query: { filter?: NotificationFilter; type?: NotificationType } = {},
): Promise<NotificationApiResult<NotificationListView>> {
  const params = new URLSearchParams();
  if (query.filter && query.filter !== "all") params.set("filter", query.filter);
  if (query.type) params.set("type", query.type);
  const search = params.size > 0 ? `?${params}` : "";
  return call<NotificationListView>(`${NOTIFICATIONS_URL}${search}`, {}, true);
}

export function markNotificationRead(id: string): Promise<NotificationApiResult<NotificationView>> {
  return call(`${NOTIFICATIONS_URL}/${encodeURIComponent(id)}`, { method: "PATCH", body: JSON.stringify({ is_read: true }) });
}

export function markAllNotificationsRead(): Promise<NotificationApiResult<{ updated: number }>> {
  return call(`${NOTIFICATIONS_URL}/read-all`, { method: "POST" });
}

export function removeNotification(id: string): Promise<NotificationApiResult<{ id: string; deleted: true }>> {
  return call(`${NOTIFICATIONS_URL}/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/* ---------------------------------------------------------------------------------------------- */
/* The bell and the dashboard tab tell each other when they changed something (or something new  */
/* arrived), so the other one reloads: one page never shows two different unread counts.         */
/* ---------------------------------------------------------------------------------------------- */

const CHANGED_EVENT = "aurore:notifications-changed";

export function announceNotificationsChanged(source: string): void {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new CustomEvent(CHANGED_EVENT, { detail: { source } }));
}

/** Calls `listener` when another part of the page changed the notifications; returns the unsubscribe. */
export function onNotificationsChanged(source: string, listener: () => void): () => void {
  const handler = (event: Event) => {
    if ((event as CustomEvent<{ source?: string }>).detail?.source !== source) listener();
  };
  window.addEventListener(CHANGED_EVENT, handler);
  return () => window.removeEventListener(CHANGED_EVENT, handler);
}
