import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminSessionGuard } from "~/.server/api/contracts/shared/responses";

/**
 * The admin API's clients, promo codes and gift cards in the OpenAPI document (decision 049):
 * the back-office's services and messages, over JSON.
 */
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
      ...adminSessionGuard,
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
      ...adminSessionGuard,
      403: {
        description:
          "Pas membre de l'équipe, rôle sans la permission « Clients : effacer (RGPD) », ou clé sans clients:write ; compte de l'équipe ; second_factor_required : la double authentification de la session date de plus de 15 minutes (confirmer un code, puis renvoyer)",
        schema: ApiErrorSchema,
      },
      404: { description: "Client introuvable", schema: ApiErrorSchema },
    },
  },
];
