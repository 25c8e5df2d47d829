/**
 * The live chat's shared rules (decision 047): message limits, the start form's schema, the
 * conversation's shape as the pages and the live streams carry it, and the French texts.
 * Isomorphic: no React, no server import.
 */
import { z } from "zod";
import { text } from "~/lib/safe-text";
import { WEEKDAY_LABELS, parisWeekdayAndTime, type OpeningSlot, type Weekday } from "~/domain/settings/shop-identity";

/** A chat message: plain text, at most this many characters. */
export const CHAT_MESSAGE_MAX = 2000;
/** Without an administrator's answer by then, a waiting conversation becomes a support ticket. */
export const CHAT_ANSWER_TIMEOUT_MS = 2 * 60_000;
export const CHAT_NAME_MAX = 100;
export const CHAT_EMAIL_MAX = 254;

export const CHAT_STATUSES = ["waiting", "active", "closed", "converted"] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];
export const CHAT_STATUS_LABELS: Record<ChatStatus, string> = {
  waiting: "En attente",
  active: "En cours",
  closed: "Terminée",
  converted: "Transformée en ticket",
};

export type ChatAuthor = "participant" | "admin" | "system";

export type ChatMessageView = { id: number; author: ChatAuthor; authorName: string; body: string; createdAt: string };

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

export const CHAT_MESSAGE_REQUIRED = "Écrivez votre message";
export const CHAT_MESSAGE_TOO_LONG = `Le message ne doit pas dépasser ${CHAT_MESSAGE_MAX.toLocaleString("fr-FR")} caractères`;
export const CHAT_ENDED_MESSAGE = "Cette conversation est terminée.";
export const CHAT_NOT_FOUND_MESSAGE = "Conversation introuvable";

export const ChatMessageSchema = text({ error: CHAT_MESSAGE_REQUIRED })
  .trim()
  .min(1, { error: CHAT_MESSAGE_REQUIRED })
  .max(CHAT_MESSAGE_MAX, { error: CHAT_MESSAGE_TOO_LONG });

/** Opening a conversation: a visitor gives a name and an e-mail first (a shopper's come from the account). */
export const ChatStartSchema = z.object({
  name: text({ error: "Le nom est obligatoire" })
    .trim()
    .min(1, { error: "Le nom est obligatoire" })
    .max(CHAT_NAME_MAX, { error: `Le nom ne doit pas dépasser ${CHAT_NAME_MAX} caractères` }),
  email: text({ error: "L'e-mail est obligatoire" })
    .trim()
    .min(1, { error: "L'e-mail est obligatoire" })
    .max(CHAT_EMAIL_MAX, { error: `L'e-mail ne doit pas dépasser ${CHAT_EMAIL_MAX} caractères` })
    .pipe(z.email({ error: "Veuillez saisir une adresse e-mail valide (ex. : nom@exemple.fr)" })),
  message: ChatMessageSchema,
});

export type ChatStartField = "name" | "email" | "message";

/** The system line the participant reads when the conversation became a ticket. */
export function convertedMessage(ticketNumber: string): string {
  return `Nous vous répondrons par e-mail, ticket ${ticketNumber}.`;
}

const spokenTime = (time: string) => {
  const [h, m] = time.split(":");
  return m === "00" ? `${Number(h)}h` : `${Number(h)}h${m}`;
};

/**
 * When the chat opens next, as the closed card says it ("aujourd'hui à 9h", "lundi à 10h"), or
 * null when no day has hours. Paris time, like the hours themselves.
 */
export function nextOpeningLabel(hours: readonly OpeningSlot[], now: Date): string | null {
  const { weekday, time } = parisWeekdayAndTime(now);
  for (let offset = 0; offset < 8; offset++) {
    const day = (((weekday - 1 + offset) % 7) + 1) as Weekday;
    const slot = hours.find((s) => s.weekday === day);
    if (!slot || (offset === 0 && time >= slot.opens)) continue;
    const when = offset === 0 ? "aujourd'hui" : offset === 1 ? "demain" : WEEKDAY_LABELS[day].toLowerCase();
    return `${when} à ${spokenTime(slot.opens)}`;
  }
  return null;
}

/** GET /chat's answer: whether the chat is open now and the caller's own conversation. */
export type ChatState = { open: boolean; nextOpening: string | null; signedIn: boolean; conversation: ChatConversationView | null };
export type ChatAnswer =
  { ok: true; conversation: ChatConversationView } | { ok: false; message: string; fieldErrors?: Partial<Record<string, string>> };
