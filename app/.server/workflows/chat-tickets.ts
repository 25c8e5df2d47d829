/**
 * Chat → ticket (decision 047): a conversation left outside opening hours, or not answered in
 * time, becomes a support ticket. The chat module decides when and writes its side; the support
 * module opens the ticket; this workflow composes the two in the chat's transaction.
 */
import { CONTACT_MESSAGE_MAX } from "~/domain/support/contact.schema";
import { TICKET_DESCRIPTION_MAX } from "~/domain/support/support-ticket.schema";
import type { Executor } from "../db/client";
import {
  convertUnansweredConversations,
  startConversation,
  type ChatTicketOpener,
  type StartConversationInput,
  type StartedConversation,
} from "../modules/chat/chat.service";
import { createContactTicket, createTicket } from "../modules/support/support.service";

/** The shopper's own ticket, or a contact ticket for a visitor, with the transcript as its message. */
export const openChatTicket: ChatTicketOpener = async (tx, request) => {
  if (request.userId) {
    const ticket = await createTicket(
      tx,
      request.userId,
      { subject: request.subject, description: request.transcript(TICKET_DESCRIPTION_MAX), category: "other", priority: "normal" },
      { now: request.now },
    );
    return { id: ticket.id, number: ticket.ticket_number };
  }
  const ticket = await createContactTicket(
    tx,
    { name: request.name, email: request.email, subject: request.subject, message: request.transcript(CONTACT_MESSAGE_MAX), userId: null },
    { now: request.now },
  );
  return { id: ticket.id, number: ticket.ticketNumber };
};

/** Opens a conversation; closed (`open` false), it becomes a ticket at once. */
export function startChat(
  db: Executor,
  input: StartConversationInput,
  options: { open: boolean; now?: Date },
): Promise<StartedConversation> {
  return startConversation(db, input, { ...options, openTicket: openChatTicket });
}

/** The answer-timeout fallback: every conversation still waiting after the timeout becomes a ticket. */
export function convertUnansweredChats(
  db: Executor,
  options: { timeoutMs: number; now?: Date; batch?: number },
): Promise<{ converted: number }> {
  return convertUnansweredConversations(db, { ...options, openTicket: openChatTicket });
}
