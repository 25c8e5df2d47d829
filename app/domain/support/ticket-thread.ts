/**
 * The conversation of a support ticket (decision 046): message shapes, the reply form's schema
 * and its French messages. Isomorphic.
 */
import { z } from "zod";
import { text } from "~/lib/safe-text";
import type { TicketStatus } from "~/domain/support/support-ticket.schema";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { formatMessage } from "~/domain/messages/format";

export const TICKET_MESSAGE_MAX = 5000;
export const TICKET_MESSAGE_REQUIRED_MESSAGE = SHOP_MESSAGES.messageRequired;
export const TICKET_MESSAGE_TOO_LONG_MESSAGE = formatMessage(SHOP_MESSAGES.messageMaxLength, {
  max: TICKET_MESSAGE_MAX.toLocaleString("fr-FR"),
});
export const TICKET_CLOSED_MESSAGE = ACCOUNT_MESSAGES.ticketClosedOpenNewTicket;

export const MESSAGE_AUTHOR_TYPES = ["customer", "visitor_email", "admin", "system"] as const;
export type MessageAuthorType = (typeof MESSAGE_AUTHOR_TYPES)[number];

/** A reply of the shopper or of the team: plain text, shown as text (never as HTML). */
export const TicketReplySchema = z.object({
  body: text({ error: TICKET_MESSAGE_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: TICKET_MESSAGE_REQUIRED_MESSAGE })
    .max(TICKET_MESSAGE_MAX, { error: TICKET_MESSAGE_TOO_LONG_MESSAGE }),
});
export type TicketReplyValues = z.output<typeof TicketReplySchema>;

/** A message as the shopper sees it (internal notes never reach this shape). */
export type TicketMessageView = {
  id: number;
  author_type: MessageAuthorType;
  /** "Vous", "Service client" or the visitor's name. */
  author: string;
  body: string;
  created_at: string;
};

/** A message as the team sees it: internal notes included and flagged. */
export type AdminTicketMessageView = TicketMessageView & { internal_note: boolean };

/** Whether a shopper's reply moves the ticket back to open (a resolved ticket is reopened). */
export function statusAfterCustomerReply(status: TicketStatus): TicketStatus {
  return status === "resolved" ? "open" : status;
}

export const ADMIN_TICKET_INTENTS = ["change-status", "reply", "note"] as const;

/** What the account's security form says once a report is stored: the answer comes in the ticket. */
export function securityReportSentMessage(ticketNumber: string): string {
  return `Votre rapport a bien été envoyé (ticket ${ticketNumber}). Notre équipe vous répond dans l'onglet Support Client.`;
}
