import { z } from "zod";
import { MESSAGE_AUTHOR_TYPES, TicketReplySchema } from "~/domain/support/ticket-thread";
import { SupportTicketViewSchema } from "~/.server/api/contracts/shared/support";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";

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

const tags = ["Support client"];

const unauthenticated = { 401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema } };

/** Support Client (docs/decisions/008-payment-methods-and-support-tickets.md): the signed-in shopper's tickets, numbered SAV-YYYY-NNNNNN. */
export const operations: ApiOperation[] = [
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
