import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { PromoCodeSchema, PromoCodeFormBody } from "~/.server/api/contracts/shared/promotions";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminSessionGuard } from "~/.server/api/contracts/shared/responses";

/**
 * The admin API's clients, promo codes and gift cards in the OpenAPI document (decision 049):
 * the back-office's services and messages, over JSON.
 */
const tags = ["Administration"];

const uuidId = z.object({ id: z.uuid() });

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/promo-codes/{id}",
    summary: "Administrateur : un code promo",
    tags,
    auth: "admin_api",
    pathParams: uuidId,
    responses: {
      200: { description: "Code promo", schema: z.object({ data: PromoCodeSchema }) },
      ...adminSessionGuard,
      404: { description: "Code promo introuvable", schema: ApiErrorSchema },
    },
  },
  {
    method: "put",
    path: "/api/v1/admin/promo-codes/{id}",
    summary: "Administrateur : modifier un code promo (tout le formulaire à nouveau ; limite jamais sous les utilisations faites)",
    tags,
    auth: "admin_api",
    pathParams: uuidId,
    body: PromoCodeFormBody,
    responses: {
      200: { description: "Code modifié", schema: z.object({ data: PromoCodeSchema }) },
      400: { description: "Champ invalide", schema: ApiErrorSchema },
      ...adminSessionGuard,
      404: { description: "Code promo introuvable", schema: ApiErrorSchema },
      409: { description: "Ce code existe déjà", schema: ApiErrorSchema },
    },
  },
  {
    method: "patch",
    path: "/api/v1/admin/promo-codes/{id}",
    summary: "Administrateur : désactiver (active: false) ou réactiver (active: true) un code promo",
    tags,
    auth: "admin_api",
    pathParams: uuidId,
    body: z.object({ active: z.boolean() }),
    responses: {
      200: { description: "Code promo", schema: z.object({ data: PromoCodeSchema }) },
      400: { description: "active (true ou false) est attendu", schema: ApiErrorSchema },
      ...adminSessionGuard,
      404: { description: "Code promo introuvable", schema: ApiErrorSchema },
    },
  },
  {
    method: "delete",
    path: "/api/v1/admin/promo-codes/{id}",
    summary: "Administrateur : supprimer un code promo qui n'a jamais servi (un code utilisé se désactive)",
    tags,
    auth: "admin_api",
    pathParams: uuidId,
    responses: {
      200: {
        description: "Code supprimé",
        schema: z.object({ data: z.object({ id: z.uuid(), code: z.string(), deleted: z.literal(true) }) }),
      },
      ...adminSessionGuard,
      404: { description: "Code promo introuvable", schema: ApiErrorSchema },
      409: { description: "Ce code promo a déjà servi à des commandes (promo_code_used)", schema: ApiErrorSchema },
    },
  },
];
