/**
 * The live chat of /service-client (decision 047), the only writer of `chat_conversations` and
 * `chat_messages`.
 *
 * A participant (a signed-in shopper or a visitor who gave a name and an e-mail) opens a
 * conversation and holds it through an unguessable token (only its SHA-256 is stored); every read
 * or write of theirs goes through that token. An administrator takes a waiting conversation,
 * replies and closes it. Outside the opening hours, or when nobody took it within the answer
 * timeout, the conversation becomes a support ticket whose message is the transcript.
 *
 * Every change sends `pg_notify` on CHAT_CHANNEL in its transaction: PostgreSQL delivers it on
 * commit to every server process, whose chat hub pushes the conversation to the open pages.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { chatConversations, chatMessages, user } from "../../db/schema";
import { invalid, notFound, conflict } from "~/domain/errors";
import {
  CHAT_ENDED_MESSAGE,
  CHAT_NAME_MAX,
  CHAT_NOT_FOUND_MESSAGE,
  ChatMessageSchema,
  ChatStartSchema,
  CLOSED_MESSAGE,
  convertedMessage,
  joinedMessage,
  systemNoticeOf,
  type ChatAuthor,
  type ChatConversationView,
  type ChatStartField,
  type ChatStatus,
} from "~/domain/chat/chat";
import { CHAT_VISITOR_RETENTION_DAYS } from "~/domain/chat/chat-cookie";
import { isOpenAt, type OpeningSlot } from "~/domain/settings/shop-identity";
import { formatDate, formatTime } from "~/lib/paris-time";
import { isUuid } from "~/lib/uuid";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import { recordAdminChange } from "~/.server/outbox/events";

export const CHAT_CHANNEL = "aurore_chat";
/** The signal a committed change sends: which conversation changed. */
export type ChatSignal = { conversationId: string };

type ConversationRow = typeof chatConversations.$inferSelect;

export function hashChatToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function newToken(): string {
  return randomBytes(32).toString("base64url");
}

async function signal(tx: Executor, conversationId: string): Promise<void> {
  const payload: ChatSignal = { conversationId };
  await tx.execute(sql`SELECT pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(payload)})`);
}

async function addMessage(tx: Executor, conversationId: string, author: ChatAuthor, authorName: string, body: string, now: Date) {
  await tx.insert(chatMessages).values({ conversationId, author, authorName, body, createdAt: now });
  await tx.update(chatConversations).set({ updatedAt: now }).where(eq(chatConversations.id, conversationId));
}

function parseMessage(body: unknown): string {
  const parsed = ChatMessageSchema.safeParse(typeof body === "string" ? body : "");
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Message invalide";
    throw invalid("invalid_chat_message", message, { fieldErrors: { message } });
  }
  return parsed.data;
}

/* ------------------------------------------------------------------------------------------ */
/* Reading                                                                                    */
/* ------------------------------------------------------------------------------------------ */

async function toView(db: Executor, row: ConversationRow): Promise<ChatConversationView> {
  const messages = await db.select().from(chatMessages).where(eq(chatMessages.conversationId, row.id)).orderBy(asc(chatMessages.id));
  return {
    id: row.id,
    status: row.status as ChatStatus,
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    isShopper: row.userId !== null,
    assignedAdminName: row.assignedAdminName,
    ticketNumber: row.ticketNumber,
    createdAt: row.createdAt.toISOString(),
    messages: messages.map((m) => {
      const notice = m.author === "system" ? systemNoticeOf(m.body) : null;
      return {
        id: m.id,
        author: m.author as ChatAuthor,
        authorName: m.authorName,
        body: m.body,
        createdAt: m.createdAt.toISOString(),
        ...(notice ? { notice } : {}),
      };
    }),
  };
}

/**
 * The participant's conversation: the one whose token this is, and, when it was opened by a
 * signed-in shopper, only while that shopper is signed in. Anything else reads as none.
 */
export async function findParticipantConversation(
  db: Executor,
  token: string | null | undefined,
  sessionUserId: string | null,
): Promise<ChatConversationView | null> {
  if (!token) return null;
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(eq(chatConversations.tokenHash, hashChatToken(token)))
    .limit(1);
  if (!row || (row.userId !== null && row.userId !== sessionUserId)) return null;
  return toView(db, row);
}

/** One conversation for the chat hub and the administrator. */
export async function getConversation(db: Executor, id: string): Promise<ChatConversationView | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, id)).limit(1);
  return row ? toView(db, row) : null;
}

/** The administrator's Chat screen: waiting and active conversations, oldest first. */
export async function listOpenConversations(db: Executor): Promise<ChatConversationView[]> {
  const rows = await db
    .select()
    .from(chatConversations)
    .where(inArray(chatConversations.status, ["waiting", "active"]))
    .orderBy(asc(chatConversations.createdAt))
    .limit(100);
  return Promise.all(rows.map((row) => toView(db, row)));
}

/** Whether the chat takes conversations at `now`: the published hours, or always (tests, CHAT_ALWAYS_OPEN). */
export function isChatOpen(hours: readonly OpeningSlot[], now: Date, alwaysOpen = false): boolean {
  return alwaysOpen || isOpenAt(hours, now);
}

/* ------------------------------------------------------------------------------------------ */
/* The participant                                                                            */
/* ------------------------------------------------------------------------------------------ */

export type StartConversationInput = {
  /** The signed-in shopper, whose name and e-mail are used; null for a visitor. */
  userId: string | null;
  name?: unknown;
  email?: unknown;
  message?: unknown;
};

export type StartedConversation = { token: string; conversation: ChatConversationView };

/**
 * Opens a conversation with its first message. Closed (`open` false), it becomes a ticket at
 * once: the participant reads the ticket number in the chat. Invalid input throws
 * `invalid_chat_start` with one French message per field; nothing is stored then.
 */
export async function startConversation(
  db: Executor,
  input: StartConversationInput,
  options: { open: boolean; now?: Date; openTicket: ChatTicketOpener },
): Promise<StartedConversation> {
  const now = options.now ?? new Date();
  let name = input.name;
  let email = input.email;
  if (input.userId) {
    const [account] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, input.userId)).limit(1);
    if (!account) throw notFound("not_found", "Utilisateur introuvable");
    name = (account.name || account.email).slice(0, CHAT_NAME_MAX);
    email = account.email;
  }
  const parsed = ChatStartSchema.safeParse({ name, email, message: input.message });
  if (!parsed.success) {
    const fieldErrors: Partial<Record<ChatStartField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as ChatStartField;
      fieldErrors[field] ??= issue.message;
    }
    throw invalid("invalid_chat_start", Object.values(fieldErrors).join(" ; "), { fieldErrors });
  }
  const token = newToken();
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chatConversations)
      .values({
        tokenHash: hashChatToken(token),
        userId: input.userId,
        contactName: parsed.data.name,
        contactEmail: parsed.data.email,
        status: "waiting",
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await addMessage(tx, row.id, "participant", parsed.data.name, parsed.data.message, now);
    if (!options.open) await convertToTicket(tx, row.id, now, "closed", options.openTicket);
    await signal(tx, row.id);
    return row.id;
  });
  return { token, conversation: (await getConversation(db, id))! };
}

/** The participant's message in their own conversation (found by token, as `findParticipantConversation`). */
export async function postParticipantMessage(
  db: Executor,
  token: string | null | undefined,
  sessionUserId: string | null,
  body: unknown,
  now: Date = new Date(),
): Promise<ChatConversationView> {
  const text = parseMessage(body);
  const current = await findParticipantConversation(db, token, sessionUserId);
  if (!current) throw notFound("chat_not_found", CHAT_NOT_FOUND_MESSAGE);
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(chatConversations).where(eq(chatConversations.id, current.id)).for("update");
    if (!row || (row.status !== "waiting" && row.status !== "active")) throw conflict("chat_ended", CHAT_ENDED_MESSAGE);
    await addMessage(tx, row.id, "participant", row.contactName, text, now);
    await signal(tx, row.id);
  });
  return (await getConversation(db, current.id))!;
}

/* ------------------------------------------------------------------------------------------ */
/* The administrator                                                                          */
/* ------------------------------------------------------------------------------------------ */

export type ChatAdmin = { actor: AdminActor; name: string };

async function lockConversation(tx: Executor, id: unknown): Promise<ConversationRow> {
  if (typeof id !== "string" || !isUuid(id)) throw notFound("chat_not_found", CHAT_NOT_FOUND_MESSAGE);
  const [row] = await tx.select().from(chatConversations).where(eq(chatConversations.id, id)).for("update");
  if (!row) throw notFound("chat_not_found", CHAT_NOT_FOUND_MESSAGE);
  return row;
}

/** Takes a waiting conversation: it is now this administrator's; the participant reads who joined. */
export async function takeConversation(db: Executor, admin: ChatAdmin, id: unknown, now: Date = new Date()): Promise<ChatConversationView> {
  const conversationId = await db.transaction(async (tx) => {
    const row = await lockConversation(tx, id);
    if (row.status !== "waiting") {
      throw conflict("chat_not_waiting", row.status === "active" ? "Cette conversation est déjà prise en charge." : CHAT_ENDED_MESSAGE);
    }
    await tx
      .update(chatConversations)
      .set({ status: "active", assignedAdminId: admin.actor.id, assignedAdminName: admin.name, updatedAt: now })
      .where(eq(chatConversations.id, row.id));
    await addMessage(tx, row.id, "system", "Aurore", joinedMessage(admin.name), now);
    await recordAdminChange(tx, admin.actor, {
      action: "chat.take",
      entityType: "chat",
      entityId: row.id,
      summary: `Chat de ${row.contactName} pris en charge`,
      before: { status: row.status },
      after: { status: "active" },
    });
    await signal(tx, row.id);
    return row.id;
  });
  return (await getConversation(db, conversationId))!;
}

/** The administrator's answer; a waiting conversation is taken by answering it. */
export async function replyToConversation(
  db: Executor,
  admin: ChatAdmin,
  id: unknown,
  body: unknown,
  now: Date = new Date(),
): Promise<ChatConversationView> {
  const text = parseMessage(body);
  const conversationId = await db.transaction(async (tx) => {
    const row = await lockConversation(tx, id);
    if (row.status !== "waiting" && row.status !== "active") throw conflict("chat_ended", CHAT_ENDED_MESSAGE);
    if (row.status === "waiting") {
      await tx
        .update(chatConversations)
        .set({ status: "active", assignedAdminId: admin.actor.id, assignedAdminName: admin.name, updatedAt: now })
        .where(eq(chatConversations.id, row.id));
    }
    await addMessage(tx, row.id, "admin", admin.name, text, now);
    await recordAdminChange(tx, admin.actor, {
      action: "chat.reply",
      entityType: "chat",
      entityId: row.id,
      summary: `Réponse au chat de ${row.contactName}`,
      after: { length: text.length },
    });
    await signal(tx, row.id);
    return row.id;
  });
  return (await getConversation(db, conversationId))!;
}

/** Ends a waiting or active conversation; the participant reads that it ended. */
export async function closeConversation(
  db: Executor,
  admin: ChatAdmin,
  id: unknown,
  now: Date = new Date(),
): Promise<ChatConversationView> {
  const conversationId = await db.transaction(async (tx) => {
    const row = await lockConversation(tx, id);
    if (row.status !== "waiting" && row.status !== "active") throw conflict("chat_ended", CHAT_ENDED_MESSAGE);
    await tx.update(chatConversations).set({ status: "closed", updatedAt: now }).where(eq(chatConversations.id, row.id));
    await addMessage(tx, row.id, "system", "Aurore", CLOSED_MESSAGE, now);
    await recordAdminChange(tx, admin.actor, {
      action: "chat.close",
      entityType: "chat",
      entityId: row.id,
      summary: `Chat de ${row.contactName} terminé`,
      before: { status: row.status },
      after: { status: "closed" },
    });
    await signal(tx, row.id);
    return row.id;
  });
  return (await getConversation(db, conversationId))!;
}

/* ------------------------------------------------------------------------------------------ */
/* Becoming a ticket                                                                          */
/* ------------------------------------------------------------------------------------------ */

const TRANSCRIPT_CUT = "\n[…] (transcription abrégée)";

/** The conversation as a ticket's message: one line per message, Paris time, bounded to `max` characters. */
export function formatTranscript(
  createdAt: Date,
  messages: { author: string; authorName: string; body: string; createdAt: Date }[],
  max: number,
): string {
  const head = `Transcription du chat en direct du ${formatDate(createdAt)}\n\n`;
  const lines = messages.map(
    (m) => `[${formatTime(m.createdAt)}] ${m.author === "admin" ? `${m.authorName} (Aurore)` : m.authorName} : ${m.body}`,
  );
  const full = head + lines.join("\n");
  if (full.length <= max) return full;
  let end = max - TRANSCRIPT_CUT.length;
  // Never split a surrogate pair (an emoji): half of one is not text.
  if (/[\uDC00-\uDFFF]/.test(full.charAt(end))) end--;
  return full.slice(0, end) + TRANSCRIPT_CUT;
}

/** What a conversation asks to become: the support module's ticket, opened by the workflow. */
export type ChatTicketRequest = {
  userId: string | null;
  name: string;
  email: string;
  subject: string;
  /** The transcript, bounded to the ticket's own limit. */
  transcript: (max: number) => string;
  now: Date;
};

/**
 * Opens the ticket a conversation becomes, in the caller's transaction. The chat does not know
 * the support module (decision 024): app/.server/workflows/chat-tickets.ts passes this in.
 */
export type ChatTicketOpener = (tx: Executor, request: ChatTicketRequest) => Promise<{ id: string; number: string }>;

/**
 * Turns a waiting conversation (locked by the caller) into a ticket (the shopper's own, or a
 * contact ticket for a visitor), with the transcript as its message.
 */
async function convertToTicket(
  tx: Executor,
  id: string,
  now: Date,
  reason: "closed" | "unanswered",
  openTicket: ChatTicketOpener,
): Promise<string> {
  const [row] = await tx.select().from(chatConversations).where(eq(chatConversations.id, id));
  const messages = await tx.select().from(chatMessages).where(eq(chatMessages.conversationId, id)).orderBy(asc(chatMessages.id));
  const subject = reason === "closed" ? "Message laissé sur le chat (hors horaires)" : "Chat en direct sans réponse";
  const ticket = await openTicket(tx, {
    userId: row.userId,
    name: row.contactName,
    email: row.contactEmail,
    subject,
    transcript: (max) => formatTranscript(row.createdAt, messages, max),
    now,
  });
  const ticketId = ticket.id;
  const ticketNumber = ticket.number;
  await tx
    .update(chatConversations)
    .set({ status: "converted", ticketId, ticketNumber, updatedAt: now })
    .where(eq(chatConversations.id, id));
  await addMessage(tx, id, "system", "Aurore", convertedMessage(ticketNumber), now);
  return ticketNumber;
}

/**
 * The answer-timeout fallback: every conversation still waiting `timeoutMs` after it opened
 * becomes a ticket. Rows are claimed with FOR UPDATE SKIP LOCKED, one transaction each, so
 * several server processes running this together convert each conversation once, and an
 * administrator taking it meanwhile (who locks the row) wins or waits.
 */
export async function convertUnansweredConversations(
  db: Executor,
  options: { timeoutMs: number; now?: Date; batch?: number; openTicket: ChatTicketOpener },
): Promise<{ converted: number }> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - options.timeoutMs);
  let converted = 0;
  for (let i = 0; i < (options.batch ?? 50); i++) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: chatConversations.id })
        .from(chatConversations)
        .where(and(eq(chatConversations.status, "waiting"), lt(chatConversations.createdAt, cutoff)))
        .orderBy(asc(chatConversations.createdAt))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!row) return false;
      await convertToTicket(tx, row.id, now, "unanswered", options.openTicket);
      await signal(tx, row.id);
      return true;
    });
    if (!done) break;
    converted++;
  }
  return { converted };
}

/**
 * Retention (decision 047): a conversation without an account (a visitor's, or a shopper's whose
 * account is gone) is deleted with its messages CHAT_VISITOR_RETENTION_DAYS after its last
 * message. One that became a ticket lives on there (the transcript is the ticket's message). A
 * signed-in shopper's stay until the account is erased. Daily job; idempotent.
 */
export async function purgeVisitorConversations(db: Executor, now: Date = new Date()): Promise<{ deleted: number }> {
  const cutoff = new Date(now.getTime() - CHAT_VISITOR_RETENTION_DAYS * 24 * 3600 * 1000);
  const lastMessageAt = sql`(select max(${chatMessages.createdAt}) from ${chatMessages} where ${chatMessages.conversationId} = ${chatConversations.id})`;
  const deleted = await db
    .delete(chatConversations)
    .where(
      and(
        isNull(chatConversations.userId),
        lt(
          sql`greatest(${chatConversations.createdAt}, ${chatConversations.updatedAt}, coalesce(${lastMessageAt}, ${chatConversations.createdAt}))`,
          cutoff,
        ),
      ),
    )
    .returning({ id: chatConversations.id });
  return { deleted: deleted.length };
}

/** The right to erasure: a shopper's conversations and their messages go with the account's data. */
export async function eraseChatsOf(tx: Executor, userId: string): Promise<void> {
  await tx.delete(chatConversations).where(eq(chatConversations.userId, userId));
}
