import { z } from "zod";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { SupportTicketResponseSchema } from "~/.server/api/contracts/shared/support";
import type { ApiOperation } from "~/.server/api/api-operation";

const tags = ["Support client"];

const unauthenticated = { 401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema } };

/** Support Client (docs/decisions/008-payment-methods-and-support-tickets.md): the signed-in shopper's tickets, numbered SAV-YYYY-NNNNNN. */
export const operations: ApiOperation[] = [
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
