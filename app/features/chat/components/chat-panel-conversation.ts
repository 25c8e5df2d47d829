import { useEffect, useState } from "react";
import type { ChatConversationView, ChatState } from "~/domain/chat/chat";

/**
 * The visit's conversation (null before it starts), kept current by /chat/stream once it exists.
 * The setter takes what POST /chat answers.
 */
export function useChatConversation(initial: ChatState) {
  const [conversation, setConversation] = useState<ChatConversationView | null>(initial.conversation);
  const conversationId = conversation?.id;

  useEffect(() => {
    if (!conversationId) return;
    const source = new EventSource("/chat/stream");
    source.addEventListener("conversation", (event) => {
      setConversation(JSON.parse((event as MessageEvent<string>).data) as ChatConversationView);
    });
    // After a reconnection, catch up with what changed while the stream was down.
    source.addEventListener("ready", () => {
      fetch("/chat", { headers: { accept: "application/json" } })
        .then((res) => (res.ok ? (res.json() as Promise<ChatState>) : null))
        .then((state) => state?.conversation && setConversation(state.conversation))
        .catch(() => {});
    });
    return () => source.close();
  }, [conversationId]);

  return [conversation, setConversation] as const;
}
