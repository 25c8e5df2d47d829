/**
 * Realtime fan-out of chat conversations to the open pages of this server process, on the same
 * mechanism as the notifications (notification-hub.ts, docs/decisions/039 and 047): one LISTEN per
 * process on CHAT_CHANNEL, opened by the first subscriber; each signal names a conversation, the
 * hub reads it once and hands it to that conversation's participant pages and to the
 * administrators' Chat screens. A rolled-back change sends no signal.
 */
import type { Database, DatabaseHandle } from "~/.server/db/client";
import { getDatabaseHandle } from "~/.server/db";
import { remember } from "~/lib/remember";
import type { ChatConversationView } from "~/domain/chat/chat";
import { CHAT_CHANNEL, getConversation, type ChatSignal } from "./chat.service";
import { log } from "../../logger";

export type ChatListener = (conversation: ChatConversationView) => void;
/** Who listens: one conversation's participant, or every administrator's Chat screen. */
export type ChatAudience = { conversationId: string } | "admins";

export type ChatHub = {
  /** Resolves once the process listens; `onServerClosing` is called by `closeAll`. */
  subscribe(audience: ChatAudience, listener: ChatListener, onServerClosing?: () => void): Promise<() => void>;
  closeAll(): void;
  readonly subscriberCount: number;
};

type HubSource = Pick<DatabaseHandle, "listen"> & { db: Database };

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

export function createChatHub(source: () => Promise<HubSource>): ChatHub {
  const subscribers = new Map<string, Map<ChatListener, (() => void) | undefined>>();
  let listening: Promise<void> | null = null;
  let db: Database | null = null;
  let closing = false;

  async function deliver(conversationId: string) {
    const keys = [`conversation:${conversationId}`, "admins"].filter((k) => (subscribers.get(k)?.size ?? 0) > 0);
    if (keys.length === 0 || !db) return;
    let conversation: ChatConversationView | null;
    try {
      conversation = await getConversation(db, conversationId);
    } catch (error) {
      log.error({ err: error }, "chat: could not read a conversation");
      return;
    }
    if (!conversation) return;
    for (const key of keys) {
      for (const listener of [...(subscribers.get(key)?.keys() ?? [])]) {
        try {
          listener(conversation);
        } catch (error) {
          log.error({ err: error }, "chat: a subscriber failed");
        }
      }
    }
  }

  function startListening(): Promise<void> {
    listening ??= (async () => {
      const handle = await source();
      db = handle.db;
      await handle.listen(CHAT_CHANNEL, (payload) => {
        const parsed = parseSignal(payload);
        if (parsed) void deliver(parsed.conversationId);
      });
    })().catch((error: unknown) => {
      listening = null;
      throw error;
    });
    return listening;
  }

  return {
    async subscribe(audience, listener, onServerClosing) {
      if (closing) {
        onServerClosing?.();
        return () => {};
      }
      const key = keyOf(audience);
      let set = subscribers.get(key);
      if (!set) subscribers.set(key, (set = new Map()));
      set.set(listener, onServerClosing);
      while (set.size > MAX_PER_AUDIENCE) {
        const [oldest, closeOldest] = set.entries().next().value!;
        set.delete(oldest);
        closeOldest?.();
      }
      const unsubscribe = () => {
        const current = subscribers.get(key);
        if (!current) return;
        current.delete(listener);
        if (current.size === 0) subscribers.delete(key);
      };
      try {
        await startListening();
      } catch (error) {
        unsubscribe();
        throw error;
      }
      return unsubscribe;
    },
    closeAll() {
      closing = true;
      const all = [...subscribers.values()].flatMap((set) => [...set.values()]);
      subscribers.clear();
      for (const close of all) {
        try {
          close?.();
        } catch (error) {
          log.error({ err: error }, "chat: closing a stream failed");
        }
      }
    },
    get subscriberCount() {
      let n = 0;
      for (const set of subscribers.values()) n += set.size;
      return n;
    },
  };
}

export function getChatHub(): ChatHub {
  return remember("chat-hub", () => createChatHub(getDatabaseHandle));
}
