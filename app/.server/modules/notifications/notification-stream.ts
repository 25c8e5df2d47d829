/**
 * The Server-Sent Events response of GET /api/v1/notifications/stream: one `notification` event
 * per new notification of the signed-in user, a comment line every 25 s so proxies and browsers
 * keep the connection open, and the subscription dropped as soon as the page goes away.
 */
import type { NotificationView } from "~/domain/notifications/notification.types";
import type { NotificationHub } from "./notification-hub";
import { log } from "../../logger";

/** Under the usual 30-60 s idle timeouts of proxies and load balancers. */
export const NOTIFICATION_HEARTBEAT_MS = 25_000;
/** How long the browser waits before reconnecting after a dropped stream. */
const RECONNECT_DELAY_MS = 5_000;
/**
 * A stream closed because the account opened too many: its page waits this long before trying
 * again, instead of pushing the newest one out within seconds, and so on around the tabs.
 */
export const EVICTED_RECONNECT_DELAY_MS = 10 * 60_000;
/**
 * A stream closed by a server shutting down: the page reconnects (to another instance or
 * process, or this one restarted) after a delay spread over a few seconds, so that every
 * open page does not come back in the same instant.
 */
export const SHUTDOWN_RECONNECT_MIN_MS = 1_000;
export const SHUTDOWN_RECONNECT_SPREAD_MS = 4_000;

export const NOTIFICATION_STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform: the compression middleware leaves the stream alone (it would hold events back).
  "Cache-Control": "no-cache, no-transform",
  // nginx and similar proxies pass each event on at once instead of buffering the response.
  "X-Accel-Buffering": "no",
} as const;

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

export function openNotificationStream({
  userId,
  signal,
  hub,
  heartbeatMs = NOTIFICATION_HEARTBEAT_MS,
}: NotificationStreamOptions): Response {
  const encoder = new TextEncoder();
  let stop: (() => void) | null = null;

  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      let unsubscribe: (() => void) | null = null;
      let timer: ReturnType<typeof setInterval> | null = null;
      stop = () => {
        if (closed) return;
        closed = true;
        if (timer) clearInterval(timer);
        unsubscribe?.();
        signal.removeEventListener("abort", onAbort);
        try {
          controller.close();
        } catch {
          // Already closed by the reader.
        }
      };
      const onAbort = () => stop?.();
      const send = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop?.();
        }
      };
      signal.addEventListener("abort", onAbort, { once: true });
      try {
        const off = await hub.subscribe(userId, (notification) => send(formatNotificationEvent(notification)), {
          onEvicted: () => {
            send(`retry: ${EVICTED_RECONNECT_DELAY_MS}\n: closed, too many open pages\n\n`);
            stop?.();
          },
          onServerClosing: () => {
            const delay = SHUTDOWN_RECONNECT_MIN_MS + Math.floor(Math.random() * SHUTDOWN_RECONNECT_SPREAD_MS);
            send(`retry: ${delay}\n: closed, server restarting\n\n`);
            stop?.();
          },
        });
        if (closed) {
          // Aborted, evicted or closed by a shutdown while subscribing: nothing more to send.
          off();
          return;
        }
        unsubscribe = off;
      } catch (error) {
        log.error({ err: error }, "notifications: the live stream could not subscribe");
        // The browser reconnects (after its default delay) and tries again.
        stop();
        return;
      }
      if (signal.aborted) {
        stop();
        return;
      }
      // Sent once the subscription is live: from this line on, no committed notification is missed.
      send(`retry: ${RECONNECT_DELAY_MS}\n: connected\n\n`);
      timer = setInterval(() => send(": ping\n\n"), heartbeatMs);
      // A heartbeat must never keep a stopping server alive.
      (timer as { unref?: () => void }).unref?.();
    },
    cancel() {
      stop?.();
    },
  });

  return new Response(body, { status: 200, headers: NOTIFICATION_STREAM_HEADERS });
}
