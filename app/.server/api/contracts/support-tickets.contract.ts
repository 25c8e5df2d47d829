import { z } from "zod";
import { SupportTicketViewSchema, SupportTicketResponseSchema } from "~/.server/api/contracts/shared/support";
import { SupportTicketSchema } from "~/domain/support/support-ticket.schema";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";

export const SupportTicketListSchema = z.object({ data: z.array(SupportTicketViewSchema) });

export const SupportTicketCreateBodySchema = SupportTicketSchema;

const tags = ["Support client"];

const unauthenticated = { 401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema } };

/** Support Client (docs/decisions/008-payment-methods-and-support-tickets.md): the signed-in shopper's tickets, numbered SAV-YYYY-NNNNNN. */
export const operations: ApiOperation[] = [
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
];
