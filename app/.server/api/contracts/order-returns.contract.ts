import { z } from "zod";
import { ReturnSchema } from "~/.server/api/contracts/shared/returns";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { RETURN_REASONS, ReturnRequestSchema } from "~/domain/returns/returns";
import type { ApiOperation } from "~/.server/api/api-operation";
import { uuidPathParams } from "~/.server/api/contracts/shared/responses";

const one = z.object({ data: ReturnSchema });

const many = z.object({ data: z.array(ReturnSchema) });

const errors = {
  401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
  404: { description: "Commande ou retour introuvable (ou d'un autre client)", schema: ApiErrorSchema },
};

export const operations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/v1/orders/{id}/returns",
    summary: `Retourner des articles d'une commande livrée, dans les 30 jours après la livraison : lignes et quantités (jamais plus que reçu, retours déjà demandés compris), motif (${Object.keys(RETURN_REASONS).join(", ")}), commentaire et confirmation que les produits ne sont pas ouverts. Les cartes cadeaux ne se retournent pas.`,
    tags: ["Retours"],
    auth: "session",
    pathParams: uuidPathParams,
    body: ReturnRequestSchema,
    responses: {
      201: { description: "Retour enregistré, étiquette disponible", schema: one },
      400: { description: "Lignes, quantités, motif ou confirmation invalides", schema: ApiErrorSchema },
      409: { description: "Commande non livrée ou délai de 30 jours dépassé (return_not_allowed)", schema: ApiErrorSchema },
      ...errors,
    },
  },
  {
    method: "get",
    path: "/api/v1/orders/{id}/returns",
    summary: "Les retours d'une commande de l'utilisateur connecté",
    tags: ["Retours"],
    auth: "session",
    pathParams: uuidPathParams,
    responses: { 200: { description: "Retours", schema: many }, ...errors },
  },
];
