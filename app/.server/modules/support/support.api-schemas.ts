import { z } from "zod";
import type { ApiOperation } from "~/.server/api/api-operation";
import { ApiErrorSchema } from "../../api/schemas";
import { SupportTicketSchema, TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from "~/domain/support/support-ticket.schema";

/** Response shapes and operations of /api/v1/support-tickets, for the generated OpenAPI document. */
export const SupportTicketViewSchema = z
  .object({
    id: z.uuid(),
    ticket_number: z.string().describe("Numéro lisible, ex. SAV-2026-000123"),
    subject: z.string(),
    description: z.string(),
    category: z.enum(TICKET_CATEGORIES),
    priority: z.enum(TICKET_PRIORITIES),
    status: z.enum(TICKET_STATUSES),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: "SupportTicket" });

export const SupportTicketResponseSchema = z.object({ data: SupportTicketViewSchema });
export const SupportTicketListSchema = z.object({ data: z.array(SupportTicketViewSchema) });
export const SupportTicketCreateBodySchema = SupportTicketSchema;

/** Support Client (docs/decisions/008-payment-methods-and-support-tickets.md): the signed-in shopper's tickets, numbered SAV-YYYY-NNNNNN. */
export function supportTicketOperations(): ApiOperation[] {
  const unauthenticated = { 401: { description: "Connexion requise", schema: ApiErrorSchema } };
  const tags = ["Support client"];
  return [
    {
      method: "get",
      path: "/api/v1/support-tickets",
      summary: "Les tickets de support de l'utilisateur connecté, les plus récents d'abord",
      tags,
      auth: "session",
      responses: { 200: { description: "Tickets", schema: SupportTicketListSchema }, ...unauthenticated },
    },
    {
      method: "post",
      path: "/api/v1/support-tickets",
      summary: "Ouvrir un ticket (catégorie « other » et priorité « normal » par défaut, statut « open »)",
      tags,
      auth: "session",
      body: SupportTicketCreateBodySchema,
      responses: {
        201: { description: "Ticket créé, avec son numéro", schema: SupportTicketResponseSchema },
        400: { description: "Champs invalides (details: [{ field, message }])", schema: ApiErrorSchema },
        ...unauthenticated,
      },
    },
    {
      method: "get",
      path: "/api/v1/support-tickets/{id}",
      summary: "Un ticket de l'utilisateur connecté",
      tags,
      auth: "session",
      pathParams: z.object({ id: z.uuid() }),
      responses: {
        200: { description: "Ticket", schema: SupportTicketResponseSchema },
        ...unauthenticated,
        404: { description: "Ticket introuvable", schema: ApiErrorSchema },
      },
    },
  ];
}
