import { z } from "zod";
import { MESSAGE_AUTHOR_TYPES, TicketReplySchema } from "~/domain/support/ticket-thread";
import type { ApiOperation } from "~/.server/api/api-operation";
import { ApiErrorSchema } from "../../api/schemas";
import { ALL_TICKET_CATEGORIES, SupportTicketSchema, TICKET_PRIORITIES, TICKET_STATUSES } from "~/domain/support/support-ticket.schema";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

/** Response shapes and operations of /api/v1/support-tickets, for the generated OpenAPI document. */
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
export const SupportTicketListSchema = z.object({ data: z.array(SupportTicketViewSchema) });
export const SupportTicketCreateBodySchema = SupportTicketSchema;

export const TicketMessageViewSchema = z
  .object({
    id: z.number().int(),
    author_type: z.enum(MESSAGE_AUTHOR_TYPES),
    author: z.string().describe("« Vous », « Service client » ou le nom du visiteur"),
    body: z.string().describe("Texte brut, jamais interprété comme HTML"),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "SupportTicketMessage" });
export const TicketThreadResponseSchema = z.object({
  data: z.object({ ticket: SupportTicketViewSchema, messages: z.array(TicketMessageViewSchema) }),
});
export const TicketReplyResponseSchema = z.object({
  data: z.object({ ticket: SupportTicketViewSchema, message: TicketMessageViewSchema }),
});

/** Support Client (docs/decisions/008-payment-methods-and-support-tickets.md): the signed-in shopper's tickets, numbered SAV-YYYY-NNNNNN. */
export function supportTicketOperations(): ApiOperation[] {
  const unauthenticated = { 401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema } };
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
    {
      method: "get",
      path: "/api/v1/support-tickets/{id}/messages",
      summary: "La conversation d'un ticket de l'utilisateur connecté (sans les notes internes) ; la lecture marque les réponses lues",
      tags,
      auth: "session",
      pathParams: z.object({ id: z.uuid() }),
      responses: {
        200: { description: "Ticket et messages, les plus anciens d'abord", schema: TicketThreadResponseSchema },
        ...unauthenticated,
        404: { description: "Ticket introuvable", schema: ApiErrorSchema },
      },
    },
    {
      method: "post",
      path: "/api/v1/support-tickets/{id}/messages",
      summary: "Répondre dans un ticket (5 000 caractères au plus) ; un ticket résolu est rouvert",
      tags,
      auth: "session",
      pathParams: z.object({ id: z.uuid() }),
      body: TicketReplySchema,
      responses: {
        201: { description: "Réponse enregistrée", schema: TicketReplyResponseSchema },
        400: { description: "Message vide ou trop long", schema: ApiErrorSchema },
        ...unauthenticated,
        404: { description: "Ticket introuvable", schema: ApiErrorSchema },
        409: { description: "Ticket fermé", schema: ApiErrorSchema },
        429: { description: "Trop de réponses en peu de temps", schema: ApiErrorSchema },
      },
    },
  ];
}
