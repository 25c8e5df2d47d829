import { z } from "zod";
import { OrderResponseSchema, ApiErrorSchema } from "~/.server/api/schemas";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import type { ApiOperation } from "~/.server/api/api-operation";

export const operations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/v1/orders/{id}/cancel",
    summary: "Annuler sa commande en attente, moins d'une heure après l'avoir passée (stock et points restitués)",
    tags: ["Commandes"],
    auth: "session",
    pathParams: z.object({ id: z.uuid() }),
    responses: {
      200: { description: "Commande annulée", schema: OrderResponseSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
      404: { description: "Commande introuvable", schema: ApiErrorSchema },
      409: { description: "Cette commande ne peut plus être annulée", schema: ApiErrorSchema },
    },
  },
];
