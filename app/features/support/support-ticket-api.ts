/** Browser calls to /api/v1/support-tickets. Every function resolves (never throws). */
import { callJsonApi, type JsonApiResult } from "~/lib/json-api";
import type { SupportTicketField, SupportTicketValues, SupportTicketView } from "~/domain/support/support-ticket.schema";
import type { TicketMessageView } from "~/domain/support/ticket-thread";

export type SupportTicketApiResult<T> = JsonApiResult<T, SupportTicketField>;

export function fetchSupportTickets(): Promise<SupportTicketApiResult<SupportTicketView[]>> {
  return callJsonApi("/api/v1/support-tickets");
}

export function createSupportTicket(values: SupportTicketValues): Promise<SupportTicketApiResult<SupportTicketView>> {
  return callJsonApi("/api/v1/support-tickets", { method: "POST", body: values });
}

export type TicketThread = { ticket: SupportTicketView; messages: TicketMessageView[] };

/** The thread of one of the user's tickets (reading it marks the team's replies read). */
export function fetchTicketThread(ticketId: string): Promise<JsonApiResult<TicketThread, "body">> {
  return callJsonApi(`/api/v1/support-tickets/${encodeURIComponent(ticketId)}/messages`);
}

export function postTicketReply(
  ticketId: string,
  body: string,
): Promise<JsonApiResult<{ ticket: SupportTicketView; message: TicketMessageView }, "body">> {
  return callJsonApi(`/api/v1/support-tickets/${encodeURIComponent(ticketId)}/messages`, { method: "POST", body: { body } });
}
