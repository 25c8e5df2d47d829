/** Browser calls to /api/v1/support-tickets. Every function resolves (never throws). */
import { callJsonApi, type JsonApiResult } from "~/lib/json-api";
import type { SupportTicketField, SupportTicketValues, SupportTicketView } from "~/domain/support/support-ticket.schema";

export type SupportTicketApiResult<T> = JsonApiResult<T, SupportTicketField>;

export function fetchSupportTickets(): Promise<SupportTicketApiResult<SupportTicketView[]>> {
  return callJsonApi("/api/v1/support-tickets");
}

export function createSupportTicket(values: SupportTicketValues): Promise<SupportTicketApiResult<SupportTicketView>> {
  return callJsonApi("/api/v1/support-tickets", { method: "POST", body: values });
}
