/**
 * Realtime delivery of chat conversations: the chat's topic on the process's live hub
 * (live-hub.ts, decisions 039 and 047). Each signal names a conversation; it is read once and
 * handed to that conversation's participant pages and to the administrators' Chat screens.
 */
import type { Database } from "~/.server/db/client";
import { createLiveHub, getLiveHub, type LiveHub, type LiveHubSource, type LiveTopic } from "~/.server/live-hub";
import type { ChatConversationView } from "~/domain/chat/chat";
import { CHAT_CHANNEL, getConversation, type ChatSignal } from "./chat.service";

export type ChatListener = (conversation: ChatConversationView) => void;
/** Who listens: one conversation's participant, or every administrator's Chat screen. */
export type ChatAudience = { conversationId: string } | "admins";

export type ChatHub = {
  /** Resolves once the process listens; `onServerClosing` is called by `closeAll` (and for a stream pushed out). */
  subscribe(audience: ChatAudience, listener: ChatListener, onServerClosing?: () => void): Promise<() => void>;
  closeAll(): void;
  readonly subscriberCount: number;
};

/** Open participant streams one conversation may hold in this process (tabs), and admin screens. */
const MAX_PER_AUDIENCE = 20;

const keyOf = (audience: ChatAudience) => (audience === "admins" ? "admins" : `conversation:${audience.conversationId}`);

function parseSignal(payload: string): ChatSignal | null {
  try {
    const value = JSON.parse(payload) as Partial<ChatSignal> | null;
    if (value && typeof value.conversationId === "string") return { conversationId: value.conversationId };
  } catch {
    // A payload we did not write: ignored.
  }
  return null;
}

const chatTopic: LiveTopic<ChatSignal, ChatConversationView> = {
  name: "chat",
  channel: CHAT_CHANNEL,
  parse: parseSignal,
  keysOf: (signal) => [`conversation:${signal.conversationId}`, "admins"],
  load: (db: Database, signal) => getConversation(db, signal.conversationId),
  maxPerKey: MAX_PER_AUDIENCE,
};

/** The chat's view of a live hub. */
export function chatHubOn(live: LiveHub): ChatHub {
  return {
    subscribe: (audience, listener, onServerClosing) =>
      live.subscribe(chatTopic, keyOf(audience), listener, { onServerClosing, onEvicted: onServerClosing }),
    closeAll: () => live.closeAll(),
    get subscriberCount() {
      return live.subscriberCount(chatTopic);
    },
  };
}

/** A hub of its own over one database (tests); `source` is resolved on the first subscription. */
export function createChatHub(source: () => Promise<LiveHubSource>): ChatHub {
  return chatHubOn(createLiveHub(source));
}

/** The process-wide hub: the chat's topic on the one live hub. */
export function getChatHub(): ChatHub {
  return chatHubOn(getLiveHub());
}
