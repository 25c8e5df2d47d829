/**
 * The conversation of a support ticket (decision 046): the shopper reads the thread without the
 * team's internal notes and answers; the team reads everything, replies (e-mail through the outbox
 * and, for an account, an in-app notification) or writes internal notes. Read markers on the ticket
 * give the unread flags of both sides.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { supportTicketMessages, supportTickets, user } from "../../db/schema";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import { recordAdminChange, recordEvent } from "~/.server/outbox/events";
import { mailRequest } from "../../mail/mail-request";
import type { MemberNotice } from "~/domain/events/domain-events";
import { conflict, invalid, notFound } from "~/domain/errors";
import { isUuid } from "~/lib/uuid";
import {
  TICKET_CLOSED_MESSAGE,
  TicketReplySchema,
  statusAfterCustomerReply,
  type AdminTicketMessageView,
  type MessageAuthorType,
  type TicketMessageView,
} from "~/domain/support/ticket-thread";
import type { SupportTicketView, TicketStatus } from "~/domain/support/support-ticket.schema";
import { TICKET_NOT_FOUND_MESSAGE, isAfter, toSupportTicketView } from "./support.service";
import { mailLanguageOf } from "~/.server/db/recipients";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

export const SUPPORT_TAB_PATH = "/dashboard?tab=support";
const TEAM_LABEL = ACCOUNT_MESSAGES.customerService;

type MessageRow = typeof supportTicketMessages.$inferSelect;
type TicketRow = typeof supportTickets.$inferSelect;

const ticketNotFound = () => notFound("not_found", TICKET_NOT_FOUND_MESSAGE);

function parseReply(input: unknown): string {
  const body = input && typeof input === "object" && !Array.isArray(input) ? input : {};
  const parsed = TicketReplySchema.safeParse(body);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Message invalide";
    throw invalid("invalid_message", message, { field: "body", fieldErrors: { body: message } });
  }
  return parsed.data.body;
}

function authorOf(row: MessageRow, viewer: "customer" | "admin"): string {
  if (row.authorType === "admin") return viewer === "customer" ? TEAM_LABEL : (row.authorLabel ?? TEAM_LABEL);
  if (row.authorType === "system") return "Aurore";
  if (viewer === "customer") return "Vous";
  return row.authorLabel || (row.authorType === "visitor_email" ? "Visiteur" : "Client");
}

function toMessageView(row: MessageRow, viewer: "customer" | "admin"): TicketMessageView {
  return {
    id: row.id,
    author_type: row.authorType as MessageAuthorType,
    author: authorOf(row, viewer),
    body: row.body,
    created_at: row.createdAt.toISOString(),
  };
}

async function lockOwnTicket(tx: Executor, userId: string, ticketId: string): Promise<TicketRow> {
  if (!isUuid(ticketId)) throw ticketNotFound();
  const [row] = await tx
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.id, ticketId), eq(supportTickets.userId, userId)))
    .for("update");
  if (!row) throw ticketNotFound();
  return row;
}

/* ------------------------------------------------------------------------------------------ */
/* The shopper                                                                                 */
/* ------------------------------------------------------------------------------------------ */

/**
 * The thread of one of the user's own tickets, oldest first, without internal notes; reading it
 * marks the team's replies as read. Someone else's ticket reads as "Ticket introuvable".
 */
export async function readTicketThread(
  db: Executor,
  userId: string,
  ticketId: string,
  options: { now?: Date } = {},
): Promise<{ ticket: SupportTicketView; messages: TicketMessageView[] }> {
  return db.transaction(async (tx) => {
    const row = await lockOwnTicket(tx, userId, ticketId);
    const messages = await tx
      .select()
      .from(supportTicketMessages)
      .where(and(eq(supportTicketMessages.ticketId, row.id), eq(supportTicketMessages.internalNote, false)))
      .orderBy(asc(supportTicketMessages.createdAt), asc(supportTicketMessages.id));
    const [read] = await tx
      .update(supportTickets)
      .set({ customerReadAt: options.now ?? new Date() })
      .where(eq(supportTickets.id, row.id))
      .returning();
    return { ticket: toSupportTicketView(read), messages: messages.map((m) => toMessageView(m, "customer")) };
  });
}

/**
 * The shopper answers in one of their own tickets. A resolved ticket is reopened; a closed one
 * refuses (a new request is a new ticket). Nothing is written for someone else's ticket.
 */
export async function replyAsCustomer(
  db: Executor,
  userId: string,
  ticketId: string,
  input: unknown,
  options: { now?: Date } = {},
): Promise<{ ticket: SupportTicketView; message: TicketMessageView }> {
  const body = parseReply(input);
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const row = await lockOwnTicket(tx, userId, ticketId);
    if (row.status === "closed") throw conflict("ticket_closed", TICKET_CLOSED_MESSAGE);
    const [message] = await tx
      .insert(supportTicketMessages)
      .values({ ticketId: row.id, authorType: "customer", authorId: userId, authorLabel: row.contactName, body, createdAt: now })
      .returning();
    const [updated] = await tx
      .update(supportTickets)
      .set({
        status: statusAfterCustomerReply(row.status as TicketStatus),
        lastCustomerMessageAt: now,
        customerReadAt: now,
        updatedAt: now,
      })
      .where(eq(supportTickets.id, row.id))
      .returning();
    return { ticket: toSupportTicketView(updated), message: toMessageView(message, "customer") };
  });
}

/* ------------------------------------------------------------------------------------------ */
/* The team (/admin/tickets/:id)                                                               */
/* ------------------------------------------------------------------------------------------ */

export type AdminTicketDetail = {
  ticket: SupportTicketView & {
    customer_name: string | null;
    email: string | null;
    has_account: boolean;
  };
  messages: AdminTicketMessageView[];
  /** Whether the customer had written since an administrator last opened the ticket. */
  was_unread: boolean;
};

/** Any ticket with its whole thread (internal notes included); opening it marks it read for the team. */
export async function openTicketForAdmin(db: Executor, ticketId: string, options: { now?: Date } = {}): Promise<AdminTicketDetail> {
  if (!isUuid(ticketId)) throw ticketNotFound();
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ ticket: supportTickets, accountName: user.name, accountEmail: user.email })
      .from(supportTickets)
      .leftJoin(user, eq(user.id, supportTickets.userId))
      .where(eq(supportTickets.id, ticketId));
    if (!found) throw ticketNotFound();
    const messages = await tx
      .select()
      .from(supportTicketMessages)
      .where(eq(supportTicketMessages.ticketId, ticketId))
      .orderBy(asc(supportTicketMessages.createdAt), asc(supportTicketMessages.id));
    // A read marker, not a change of the ticket: no activity-log entry (decision 046).
    await tx
      .update(supportTickets)
      .set({ adminReadAt: options.now ?? new Date() })
      .where(eq(supportTickets.id, ticketId));
    const { ticket, accountName, accountEmail } = found;
    return {
      ticket: {
        ...toSupportTicketView(ticket),
        customer_name: accountName || ticket.contactName || null,
        email: accountEmail ?? ticket.contactEmail ?? null,
        has_account: ticket.userId !== null,
      },
      messages: messages.map((m) => ({ ...toMessageView(m, "admin"), internal_note: m.internalNote })),
      was_unread: isAfter(ticket.lastCustomerMessageAt, ticket.adminReadAt),
    };
  });
}

async function lockAnyTicket(tx: Executor, ticketId: unknown): Promise<TicketRow> {
  if (typeof ticketId !== "string" || !isUuid(ticketId)) throw ticketNotFound();
  const [row] = await tx.select().from(supportTickets).where(eq(supportTickets.id, ticketId)).for("update");
  if (!row) throw ticketNotFound();
  return row;
}

/**
 * The team answers: the message joins the thread, the customer gets an e-mail through the outbox
 * (the account's address, or the address a visitor typed in the contact form) and, with an
 * account, an in-app notification. An open ticket moves to "in progress".
 */
export async function replyAsAdmin(
  db: Executor,
  actor: AdminActor,
  input: { ticketId: unknown; body: unknown },
  options: { now?: Date } = {},
): Promise<{ ticket: SupportTicketView; message: AdminTicketMessageView; mailedTo: string | null }> {
  const body = parseReply({ body: input.body });
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const row = await lockAnyTicket(tx, input.ticketId);
    const [message] = await tx
      .insert(supportTicketMessages)
      .values({ ticketId: row.id, authorType: "admin", authorId: actor.id, authorLabel: actor.label, body, createdAt: now })
      .returning();
    const status: TicketStatus = row.status === "open" ? "in_progress" : (row.status as TicketStatus);
    const [updated] = await tx
      .update(supportTickets)
      .set({ status, lastAdminMessageAt: now, adminReadAt: now, updatedAt: now })
      .where(eq(supportTickets.id, row.id))
      .returning();

    let to: string | null = row.contactEmail;
    let firstName: string | null = row.contactName;
    let notice: MemberNotice | undefined;
    if (row.userId) {
      const [account] = await tx.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, row.userId));
      to = account?.email ?? to;
      firstName = account?.name?.split(" ")[0] || firstName;
      const excerpt = body.length > 200 ? `${body.slice(0, 199)}…` : body;
      notice = {
        userId: row.userId,
        type: "other",
        title: `Réponse à votre demande ${row.ticketNumber}`,
        message: excerpt,
        actionUrl: SUPPORT_TAB_PATH,
        // The title is worded in the reader's language (decision 044); the excerpt is the
        // administrator's reply, shown as typed.
        messageKey: "ticketReply",
        params: { ticketNumber: row.ticketNumber, excerpt },
        metadata: { ticket_id: row.id, ticket_number: row.ticketNumber },
        createdAt: now.toISOString(),
      };
    }
    // The bell and the e-mail follow the event (decision 054), each once.
    const mail = to
      ? mailRequest(
          to,
          "ticket-reply",
          {
            firstName: firstName?.split(" ")[0] || null,
            ticketNumber: row.ticketNumber,
            subject: row.subject,
            body,
            supportPath: row.userId ? SUPPORT_TAB_PATH : null,
          },
          { language: await mailLanguageOf(tx, row.userId) },
        )
      : undefined;
    if (notice || mail) {
      await recordEvent(tx, "ticket.answered", { ticketId: row.id, ...(notice ? { notice } : {}), ...(mail ? { mail } : {}) });
    }
    await recordAdminChange(tx, actor, {
      action: "ticket.reply",
      entityType: "ticket",
      entityId: row.id,
      summary: `Réponse au ticket ${row.ticketNumber}`,
      before: { status: row.status },
      after: { status, message_id: message.id, mailed_to: to },
    });
    return {
      ticket: toSupportTicketView(updated),
      message: { ...toMessageView(message, "admin"), internal_note: false },
      mailedTo: to,
    };
  });
}

/** An internal note of the team: in the thread for administrators only, never sent nor shown to the customer. */
export async function addInternalNote(
  db: Executor,
  actor: AdminActor,
  input: { ticketId: unknown; body: unknown },
  options: { now?: Date } = {},
): Promise<AdminTicketMessageView> {
  const body = parseReply({ body: input.body });
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const row = await lockAnyTicket(tx, input.ticketId);
    const [message] = await tx
      .insert(supportTicketMessages)
      .values({
        ticketId: row.id,
        authorType: "admin",
        authorId: actor.id,
        authorLabel: actor.label,
        body,
        internalNote: true,
        createdAt: now,
      })
      .returning();
    await recordAdminChange(tx, actor, {
      action: "ticket.note",
      entityType: "ticket",
      entityId: row.id,
      summary: `Note interne sur le ticket ${row.ticketNumber}`,
      after: { message_id: message.id },
    });
    return { ...toMessageView(message, "admin"), internal_note: true };
  });
}
