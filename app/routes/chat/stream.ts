import type { Route } from "./+types/stream";
import { getDb } from "~/.server/db";
import { getCurrentSession } from "~/.server/auth/session.server";
import { findParticipantConversation } from "~/.server/modules/chat/chat.service";
import { getChatHub } from "~/.server/modules/chat/chat-hub";
import { openChatStream } from "~/.server/modules/chat/chat-stream";
import { readChatToken } from "./chat-cookie.server";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

/**
 * GET /chat/stream: Server-Sent Events of the caller's own conversation only, the one its
 * httpOnly cookie holds (decision 047); without one, 404.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await getCurrentSession(request);
  const conversation = await findParticipantConversation(await getDb(), readChatToken(request), session?.user.id ?? null);
  if (!conversation) {
    return Response.json({ error: { code: "chat_not_found", message: SHOP_MESSAGES.conversationNotFound } }, { status: 404 });
  }
  return openChatStream({ audience: { conversationId: conversation.id }, signal: request.signal, hub: getChatHub() });
}
