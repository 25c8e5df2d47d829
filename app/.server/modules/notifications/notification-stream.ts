/**
 * The Server-Sent Events response of GET /api/v1/notifications/stream: one `notification` event
 * per new notification of the signed-in user, on the live stream every feature shares
 * (live-stream.ts: heartbeat, reconnection hints, the subscription dropped when the page goes away).
 */
import type { NotificationView } from "~/domain/notifications/notification.types";
import { LIVE_HEARTBEAT_MS, openLiveStream } from "~/.server/live-stream";
import type { NotificationHub } from "./notification-hub";

export {
  LIVE_HEARTBEAT_MS as NOTIFICATION_HEARTBEAT_MS,
  SHUTDOWN_RECONNECT_MIN_MS,
  SHUTDOWN_RECONNECT_SPREAD_MS,
} from "~/.server/live-stream";

/** How long the browser waits before reconnecting after a dropped stream. */
const RECONNECT_DELAY_MS = 5_000;
/**
 * A stream closed because the account opened too many: its page waits this long before trying
 * again, instead of pushing the newest one out within seconds, and so on around the tabs.
 */
export const EVICTED_RECONNECT_DELAY_MS = 10 * 60_000;

export function formatNotificationEvent(notification: NotificationView): string {
  return `id: ${notification.id}\nevent: notification\ndata: ${JSON.stringify(notification)}\n\n`;
}

export type NotificationStreamOptions = {
  userId: string;
  /** The request's signal: aborted when the browser closes the page or the connection drops. */
  signal: AbortSignal;
  hub: NotificationHub;
  heartbeatMs?: number;
};

export function openNotificationStream({ userId, signal, hub, heartbeatMs = LIVE_HEARTBEAT_MS }: NotificationStreamOptions): Response {
  return openLiveStream({
    name: "notifications",
    signal,
    heartbeatMs,
    subscribe: (push, ends) => hub.subscribe(userId, (notification) => push(formatNotificationEvent(notification)), ends),
    // Sent once subscribed: the page's `ready` listener knows from then on nothing is missed
    // (EventSource's `open` comes with the headers, before the subscription).
    readyLine: `retry: ${RECONNECT_DELAY_MS}\n: connected\nevent: ready\ndata: {}\n\n`,
    evictedRetryMs: EVICTED_RECONNECT_DELAY_MS,
  });
}
