import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { ListWindowQuerySchema, listResponse } from "~/.server/api/admin-list.api-schemas";
import { PromoCodeSchema, PromoCodeFormBody } from "~/.server/api/contracts/shared/promotions";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminSessionGuard } from "~/.server/api/contracts/shared/responses";

/**
 * The admin API's clients, promo codes and gift cards in the OpenAPI document (decision 049):
 * the back-office's services and messages, over JSON.
 */
const badList = { 400: { description: "Curseur ou paramètres de liste invalides", schema: ApiErrorSchema } };

const tags = ["Administration"];

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/promo-codes",
    summary:
      "Administrateur : tous les codes promo, les plus récents d'abord. Avec cursor, updated_since ou limit : parcours par date de mise à jour ({ data, next_cursor }).",
    tags,
    auth: "admin_api",
    query: ListWindowQuerySchema,
    responses: {
      200: {
        description: "Codes promo",
        schema: listResponse(PromoCodeSchema, { pages: z.object({ data: z.array(PromoCodeSchema) }) }),
      },
      ...badList,
      ...adminSessionGuard,
    },
  },
  {
    method: "post",
    path: "/api/v1/admin/promo-codes",
    summary: "Administrateur : créer un code promo (les champs et messages du formulaire « Nouveau code »)",
    tags,
    auth: "admin_api",
    body: PromoCodeFormBody,
    responses: {
      201: { description: "Code créé", schema: z.object({ data: PromoCodeSchema }) },
      400: { description: "Champ invalide (message du champ, fieldErrors par champ)", schema: ApiErrorSchema },
      ...adminSessionGuard,
      409: { description: "Ce code existe déjà", schema: ApiErrorSchema },
    },
  },
];
