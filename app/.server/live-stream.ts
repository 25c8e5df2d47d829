/**
 * The Server-Sent Events response every live stream uses (notifications, chat): the subscription
 * is made before the first line is sent, a comment line every 25 s keeps proxies from closing the
 * connection, and the stream ends with a `retry:` hint when the hub evicts it or the server stops.
 */
import { log } from "./logger";

/** Under the usual 30-60 s idle timeouts of proxies and load balancers. */
export const LIVE_HEARTBEAT_MS = 25_000;
/**
 * A stream closed by a server shutting down: the page reconnects (to another instance or
 * process, or this one restarted) after a delay spread over a few seconds, so that every
 * open page does not come back in the same instant.
 */
export const SHUTDOWN_RECONNECT_MIN_MS = 1_000;
export const SHUTDOWN_RECONNECT_SPREAD_MS = 4_000;

export const LIVE_STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform: the compression middleware leaves the stream alone (it would hold events back).
  "Cache-Control": "no-cache, no-transform",
  // nginx and similar proxies pass each event on at once instead of buffering the response.
  "X-Accel-Buffering": "no",
} as const;

export type LiveStreamOptions = {
  /** For log lines. */
  name: string;
  /** The request's signal: aborted when the browser closes the page or the connection drops. */
  signal: AbortSignal;
  /** Subscribes `push` (one ready-made event text per change); resolves to the unsubscribe function. */
  subscribe(push: (event: string) => void, ends: { onEvicted: () => void; onServerClosing: () => void }): Promise<() => void>;
  /** Sent once the subscription is live: from this line on, no committed change is missed. */
  readyLine: string;
  /** The page's wait before reconnecting after an eviction; without it, as after a shutdown. */
  evictedRetryMs?: number;
  heartbeatMs?: number;
};

export function openLiveStream(options: LiveStreamOptions): Response {
  const { name, signal, heartbeatMs = LIVE_HEARTBEAT_MS } = options;
  const encoder = new TextEncoder();
  let stop: (() => void) | null = null;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      let unsubscribe: (() => void) | null = null;
      let timer: ReturnType<typeof setInterval> | null = null;
      const onAbort = () => stop?.();
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
      const send = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop?.();
        }
      };
      const onServerClosing = () => {
        const delay = SHUTDOWN_RECONNECT_MIN_MS + Math.floor(Math.random() * SHUTDOWN_RECONNECT_SPREAD_MS);
        send(`retry: ${delay}\n: closed, server restarting\n\n`);
        stop?.();
      };
      const onEvicted =
        options.evictedRetryMs === undefined
          ? onServerClosing
          : () => {
              send(`retry: ${options.evictedRetryMs}\n: closed, too many open pages\n\n`);
              stop?.();
            };
      signal.addEventListener("abort", onAbort, { once: true });
      try {
        const off = await options.subscribe(send, { onEvicted, onServerClosing });
        if (closed) {
          // Aborted, evicted or closed by a shutdown while subscribing: nothing more to send.
          off();
          return;
        }
        unsubscribe = off;
      } catch (error) {
        log.error({ err: error }, `${name}: the live stream could not subscribe`);
        // The browser reconnects (after its default delay) and tries again.
        stop();
        return;
      }
      if (signal.aborted) {
        stop();
        return;
      }
      send(options.readyLine);
      timer = setInterval(() => send(": ping\n\n"), heartbeatMs);
      // A heartbeat must never keep a stopping server alive.
      (timer as { unref?: () => void }).unref?.();
    },
    cancel() {
      stop?.();
    },
  });
  return new Response(body, { status: 200, headers: LIVE_STREAM_HEADERS });
}
