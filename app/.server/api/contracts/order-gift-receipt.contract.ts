import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";
import { uuidPathParams } from "~/.server/api/contracts/shared/responses";

/** The shopper's gift receipt (docs/decisions/068-gift-wrap.md), for the generated OpenAPI document. */
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/orders/{id}/gift-receipt",
    summary:
      "Le ticket cadeau d'une commande de l'utilisateur connecté : les articles et le message cadeau, sans aucun prix (commande avec des options cadeau)",
    tags: ["Commandes"],
    auth: "session",
    pathParams: uuidPathParams,
    responses: {
      200: {
        description: 'Ticket cadeau (PDF, Content-Disposition: attachment; filename="ticket-cadeau-<numéro>.pdf")',
        binary: "application/pdf",
      },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
      404: { description: "Commande introuvable (ou d'un autre client), ou commande sans options cadeau", schema: ApiErrorSchema },
    },
  },
];
