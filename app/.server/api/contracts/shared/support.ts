import { z } from "zod";
import { ALL_TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from "~/domain/support/support-ticket.schema";

/** A support ticket as /api/v1/support-tickets and its ticket and message routes answer it. */
export const SupportTicketViewSchema = z
  .object({
    id: z.uuid(),
    ticket_number: z.string().describe("Numéro lisible, ex. SAV-2026-000123"),
    subject: z.string(),
    description: z.string(),
    category: z.enum(ALL_TICKET_CATEGORIES),
    priority: z.enum(TICKET_PRIORITIES),
    status: z.enum(TICKET_STATUSES),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    unread: z.boolean().describe("Une réponse du service client non lue"),
  })
  .meta({ id: "SupportTicket" });

export const SupportTicketResponseSchema = z.object({ data: SupportTicketViewSchema });
