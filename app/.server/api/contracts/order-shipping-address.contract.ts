import { z } from "zod";
import { OrderResponseSchema, ApiErrorSchema } from "~/.server/api/schemas";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import type { ApiOperation } from "~/.server/api/api-operation";

export const operations: ApiOperation[] = [
  {
    method: "put",
    path: "/api/v1/orders/{id}/shipping-address",
    summary:
      "Changer l'adresse de livraison de sa commande en attente, moins d'une heure après l'avoir passée : une de ses adresses enregistrées, dans la même zone de livraison (même tarif). Pas pour une livraison en point relais.",
    tags: ["Commandes"],
    auth: "session",
    pathParams: z.object({ id: z.uuid() }),
    body: z.object({ address_id: z.uuid().describe("One of the shopper's saved addresses (GET /api/v1/addresses)") }),
    responses: {
      200: { description: "Adresse modifiée", schema: OrderResponseSchema },
      400: { description: "Adresse invalide ou incomplète, code postal inconnu", schema: ApiErrorSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
      404: { description: "Commande introuvable", schema: ApiErrorSchema },
      409: {
        description:
          "Délai d'une heure passé ou commande en préparation (order_address_locked), autre zone de livraison (order_address_other_zone), point relais (order_address_relay)",
        schema: ApiErrorSchema,
      },
    },
  },
];
