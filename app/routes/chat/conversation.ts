import { data } from "react-router";
import type { Route } from "./+types/conversation";
import { getDb } from "~/.server/db";
import { getCurrentSession } from "~/.server/auth/session.server";
import { readFormOrJson } from "~/.server/forms";
import { hitFormLimit, requestKey, TOO_MANY_REQUESTS_MESSAGE } from "~/.server/limits/form-limits";
import { DomainError, invalid, isDomainError } from "~/domain/errors";
import { actionFailure, actionSuccess, type ActionResult } from "~/domain/http/action-result";
import { statusOf } from "~/.server/error-responses";
import { getShopIdentity } from "~/.server/modules/settings/shop-identity.service";
import { findParticipantConversation, isChatOpen, postParticipantMessage } from "~/.server/modules/chat/chat.service";
import { startChat } from "~/.server/workflows/chat-tickets";
import { nextOpening as nextOpeningOf, type ChatConversationView, type ChatState } from "~/domain/chat/chat";
import { log } from "~/.server/logger";
import { chatCookieHeader, chatOpenNow, readChatToken } from "./chat-cookie.server";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

const noStore = { "Cache-Control": "private, no-store" };

/** What POST /chat answers (decision 056): the conversation as it now is, or the refusal. */

const refusal = (error: DomainError) =>
  data<ActionResult<ChatConversationView>>(actionFailure(error), { status: statusOf(error), headers: noStore });
const tooMany = () => refusal(new DomainError("rate_limited", "rate_limited", TOO_MANY_REQUESTS_MESSAGE));

/** GET /chat: whether the chat is open now and the caller's own conversation (by its cookie). */
export async function loader({ request }: Route.LoaderArgs) {
  const db = await getDb();
  const session = await getCurrentSession(request);
  const identity = await getShopIdentity(db);
  const now = new Date();
  const open = chatOpenNow((always) => isChatOpen(identity.openingHours, now, always));
  const conversation = await findParticipantConversation(db, readChatToken(request), session?.user.id ?? null);
  const nextOpening = open ? null : nextOpeningOf(identity.openingHours, now);
  return data<ChatState>({ open, nextOpening, signedIn: session !== null, conversation }, { headers: noStore });
}

/** POST /chat: intent `start` (name, email, message; a shopper's name and e-mail are the account's) or `send` (message). */
export async function action({ request }: Route.ActionArgs) {
  const db = await getDb();
  const body = await readFormOrJson(request).catch(() => null);
  const fields = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const session = await getCurrentSession(request);
  const userId = session?.user.id ?? null;
  try {
    if (fields.intent === "start") {
      const limited = await hitFormLimit(db, "chatStart", requestKey(request, userId));
      if (!limited.allowed) return tooMany();
      const identity = await getShopIdentity(db);
      const open = chatOpenNow((always) => isChatOpen(identity.openingHours, new Date(), always));
      const started = await startChat(db, { userId, name: fields.name, email: fields.email, message: fields.message }, { open });
      return data<ActionResult<ChatConversationView>>(actionSuccess(started.conversation), {
        headers: { ...noStore, "Set-Cookie": chatCookieHeader(started.token) },
      });
    }
    if (fields.intent === "send") {
      const token = readChatToken(request);
      const current = await findParticipantConversation(db, token, userId);
      if (current) {
        const limited = await hitFormLimit(db, "chatMessage", `conversation:${current.id}`);
        if (!limited.allowed) return tooMany();
      }
      const conversation = await postParticipantMessage(db, token, userId, fields.message);
      return data<ActionResult<ChatConversationView>>(actionSuccess(conversation), { headers: noStore });
    }
    return refusal(invalid("unknown_intent", "Demande inconnue"));
  } catch (error) {
    if (isDomainError(error)) return refusal(error);
    log.error({ err: error }, "chat: a participant's request failed");
    return data<ActionResult<ChatConversationView>>(
      { ok: false, code: "unavailable", message: SHOP_MESSAGES.messageCouldNotSentTry },
      { status: 503, headers: noStore },
    );
  }
}
