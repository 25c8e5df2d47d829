/**
 * The Server-Sent Events response of the chat streams (/chat/stream for a participant,
 * /admin/chat/stream for the administrators): one `conversation` event per change, the same
 * headers, heartbeat and reconnection hints as the notifications' stream.
 */
import type { ChatConversationView } from "~/domain/chat/chat";
import {
  NOTIFICATION_HEARTBEAT_MS,
  NOTIFICATION_STREAM_HEADERS,
  SHUTDOWN_RECONNECT_MIN_MS,
  SHUTDOWN_RECONNECT_SPREAD_MS,
} from "../notifications/notification-stream";
import type { ChatAudience, ChatHub } from "./chat-hub";
import { log } from "../../logger";

const RECONNECT_DELAY_MS = 3_000;

export function formatChatEvent(conversation: ChatConversationView): string {
  return `event: conversation\ndata: ${JSON.stringify(conversation)}\n\n`;
}

export function openChatStream(options: { audience: ChatAudience; signal: AbortSignal; hub: ChatHub; heartbeatMs?: number }): Response {
  const { audience, signal, hub, heartbeatMs = NOTIFICATION_HEARTBEAT_MS } = options;
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
      signal.addEventListener("abort", onAbort, { once: true });
      try {
        const off = await hub.subscribe(
          audience,
          (conversation) => send(formatChatEvent(conversation)),
          () => {
            const delay = SHUTDOWN_RECONNECT_MIN_MS + Math.floor(Math.random() * SHUTDOWN_RECONNECT_SPREAD_MS);
            send(`retry: ${delay}\n: closed, server restarting\n\n`);
            stop?.();
          },
        );
        if (closed) {
          off();
          return;
        }
        unsubscribe = off;
      } catch (error) {
        log.error({ err: error }, "chat: the live stream could not subscribe");
        stop();
        return;
      }
      if (signal.aborted) {
        stop();
        return;
      }
      // From this line on, no committed change is missed: the page reloads the state it holds now.
      send(`retry: ${RECONNECT_DELAY_MS}\nevent: ready\ndata: {}\n\n`);
      timer = setInterval(() => send(": ping\n\n"), heartbeatMs);
      (timer as { unref?: () => void }).unref?.();
    },
    cancel() {
      stop?.();
    },
  });
  return new Response(body, { status: 200, headers: NOTIFICATION_STREAM_HEADERS });
}
