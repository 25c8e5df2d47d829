import { z } from "zod";
import { OrderResponseSchema, ApiErrorSchema } from "~/.server/api/schemas";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import type { ApiOperation } from "~/.server/api/api-operation";

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/orders/{id}",
    summary: "Une commande de l'utilisateur connecté",
    tags: ["Commandes"],
    auth: "session",
    pathParams: z.object({ id: z.uuid() }),
    responses: {
      200: { description: "La commande", schema: OrderResponseSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
      404: { description: "Commande introuvable (inconnue ou d'un autre client)", schema: ApiErrorSchema },
    },
  },
];
