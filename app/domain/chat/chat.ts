/**
 * The live chat's shared rules (decision 047): message limits, the start form's schema, the
 * conversation's shape as the pages and the live streams carry it, and the French texts.
 * Isomorphic: no React, no server import.
 */
import { z } from "zod";
import { text } from "~/lib/safe-text";
import type { ChatNextOpening } from "~/domain/chat/chat-opening";
import { parisWeekdayAndTime, type OpeningSlot, type Weekday } from "~/domain/settings/shop-identity";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { formatMessage } from "~/domain/messages/format";

/** A chat message: plain text, at most this many characters. */
export const CHAT_MESSAGE_MAX = 2000;
/** Without an administrator's answer by then, a waiting conversation becomes a support ticket. */
export const CHAT_ANSWER_TIMEOUT_MS = 2 * 60_000;
export const CHAT_NAME_MAX = 100;
export const CHAT_EMAIL_MAX = 254;

export const CHAT_STATUSES = ["waiting", "active", "closed", "converted"] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];
export const CHAT_STATUS_LABELS: Record<ChatStatus, string> = {
  waiting: ACCOUNT_MESSAGES.pending,
  active: ACCOUNT_MESSAGES.progress,
  closed: "Terminée",
  converted: "Transformée en ticket",
};

export type ChatAuthor = "participant" | "admin" | "system";

/**
 * What a system line says, as data the participant's page words in its language (decision 044);
 * the stored body stays the French sentence (the back office and the ticket's transcript read it).
 */
export type ChatSystemNotice = { code: "joined"; name: string } | { code: "closed" } | { code: "converted"; ticket: string };

export type ChatMessageView = {
  id: number;
  author: ChatAuthor;
  authorName: string;
  body: string;
  createdAt: string;
  /** A system line's meaning, when it is one of the module's own sentences. */
  notice?: ChatSystemNotice;
};

export type ChatConversationView = {
  id: string;
  status: ChatStatus;
  contactName: string;
  contactEmail: string;
  /** Signed-in shopper (true) or visitor. */
  isShopper: boolean;
  assignedAdminName: string | null;
  ticketNumber: string | null;
  createdAt: string;
  messages: ChatMessageView[];
};

export const CHAT_MESSAGE_REQUIRED = SHOP_MESSAGES.writeMessage;
export const CHAT_MESSAGE_TOO_LONG = formatMessage(SHOP_MESSAGES.messageMaxLength, {
  max: CHAT_MESSAGE_MAX.toLocaleString("fr-FR"),
});
export const CHAT_ENDED_MESSAGE = SHOP_MESSAGES.conversationEnded;
export const CHAT_NOT_FOUND_MESSAGE = SHOP_MESSAGES.conversationNotFound;

export const ChatMessageSchema = text({ error: CHAT_MESSAGE_REQUIRED })
  .trim()
  .min(1, { error: CHAT_MESSAGE_REQUIRED })
  .max(CHAT_MESSAGE_MAX, { error: CHAT_MESSAGE_TOO_LONG });

/** Opening a conversation: a visitor gives a name and an e-mail first (a shopper's come from the account). */
export const ChatStartSchema = z.object({
  name: text({ error: SHOP_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: SHOP_MESSAGES.nameRequired })
    .max(CHAT_NAME_MAX, { error: formatMessage(SHOP_MESSAGES.nameMaxLength, { max: CHAT_NAME_MAX }) }),
  email: text({ error: SHOP_MESSAGES.eMailRequired })
    .trim()
    .min(1, { error: SHOP_MESSAGES.eMailRequired })
    .max(CHAT_EMAIL_MAX, { error: formatMessage(SHOP_MESSAGES.emailMaxLength, { max: CHAT_EMAIL_MAX }) })
    .pipe(z.email({ error: SHOP_MESSAGES.enterValidEMailAddress })),
  message: ChatMessageSchema,
});

export type ChatStartField = "name" | "email" | "message";

/** The system line the participant reads when the conversation became a ticket. */
export function convertedMessage(ticketNumber: string): string {
  return `Nous vous répondrons par e-mail, ticket ${ticketNumber}.`;
}

/** The system line the participant reads when an administrator takes the conversation. */
export function joinedMessage(adminName: string): string {
  return `${adminName} a rejoint la conversation.`;
}

/** The system line the participant reads when an administrator ends the conversation. */
export const CLOSED_MESSAGE = "La conversation est terminée. Merci et à bientôt !";

const CONVERTED_PATTERN = /^Nous vous répondrons par e-mail, ticket (.+)\.$/;
const JOINED_PATTERN = /^(.+) a rejoint la conversation\.$/;

/** The meaning of a stored system line written by the functions above, or null for any other text. */
export function systemNoticeOf(body: string): ChatSystemNotice | null {
  if (body === CLOSED_MESSAGE) return { code: "closed" };
  const converted = CONVERTED_PATTERN.exec(body);
  if (converted) return { code: "converted", ticket: converted[1]! };
  const joined = JOINED_PATTERN.exec(body);
  if (joined) return { code: "joined", name: joined[1]! };
  return null;
}

/** When the chat opens next (app/domain/chat/chat-opening.ts), in Paris time like the hours themselves; null when no day has hours. */
export function nextOpening(hours: readonly OpeningSlot[], now: Date): ChatNextOpening | null {
  const { weekday, time } = parisWeekdayAndTime(now);
  for (let offset = 0; offset < 8; offset++) {
    const day = (((weekday - 1 + offset) % 7) + 1) as Weekday;
    const slot = hours.find((s) => s.weekday === day);
    if (!slot || (offset === 0 && time >= slot.opens)) continue;
    return { dayOffset: offset, weekday: day, opens: slot.opens };
  }
  return null;
}

/** GET /chat's answer: whether the chat is open now and the caller's own conversation. */
export type ChatState = {
  open: boolean;
  nextOpening: ChatNextOpening | null;
  signedIn: boolean;
  conversation: ChatConversationView | null;
};
