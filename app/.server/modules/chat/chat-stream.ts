/**
 * The Server-Sent Events response of the chat streams (/chat/stream for a participant,
 * /admin/chat/stream for the administrators): one `conversation` event per change, on the live
 * stream every feature shares (live-stream.ts: headers, heartbeat, reconnection hints).
 */
import type { ChatConversationView } from "~/domain/chat/chat";
import { LIVE_HEARTBEAT_MS, openLiveStream } from "~/.server/live-stream";
import type { ChatAudience, ChatHub } from "./chat-hub";

const RECONNECT_DELAY_MS = 3_000;

export function formatChatEvent(conversation: ChatConversationView): string {
  return `event: conversation\ndata: ${JSON.stringify(conversation)}\n\n`;
}

export function openChatStream(options: { audience: ChatAudience; signal: AbortSignal; hub: ChatHub; heartbeatMs?: number }): Response {
  const { audience, signal, hub, heartbeatMs = LIVE_HEARTBEAT_MS } = options;
  return openLiveStream({
    name: "chat",
    signal,
    heartbeatMs,
    subscribe: (push, ends) => hub.subscribe(audience, (conversation) => push(formatChatEvent(conversation)), ends.onServerClosing),
    // From this line on, no committed change is missed: the page reloads the state it holds now.
    readyLine: `retry: ${RECONNECT_DELAY_MS}\nevent: ready\ndata: {}\n\n`,
  });
}
