import { z } from "zod";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";

/**
 * The admin API's clients, promo codes and gift cards in the OpenAPI document (decision 049):
 * the back-office's services and messages, over JSON.
 */
const guarded = {
  401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
  403: { description: "Accès réservé à l'administrateur", schema: ApiErrorSchema },
};

const tags = ["Administration"];

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/clients/{id}",
    summary: "Administrateur : un client (profil, commandes, Beauty Pass, adresses), comme « Voir » du back-office",
    tags,
    auth: "admin_api",
    pathParams: z.object({ id: z.string() }),
    responses: {
      200: { description: "Client", schema: z.object({ data: z.record(z.string(), z.unknown()) }) },
      ...guarded,
      404: { description: "Client introuvable", schema: ApiErrorSchema },
    },
  },
  {
    method: "delete",
    path: "/api/v1/admin/clients/{id}",
    summary:
      "Administrateur : effacement RGPD du client (commandes conservées et anonymisées, le reste effacé, sessions fermées), comme « Supprimer » du back-office",
    tags,
    auth: "admin_api",
    pathParams: z.object({ id: z.string() }),
    responses: {
      200: {
        description: "Client effacé",
        schema: z.object({ data: z.object({ id: z.string(), deleted: z.literal(true), anonymised_orders: z.int() }) }),
      },
      ...guarded,
      404: { description: "Client introuvable (ou compte administrateur : 403)", schema: ApiErrorSchema },
    },
  },
];
