import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { VariantStockSchema } from "~/.server/api/contracts/shared/admin-catalog";
import { VariantStockChangeSchema } from "~/domain/catalog/admin-api.schema";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import type { ApiOperation } from "~/.server/api/api-operation";

const guarded = {
  401: { description: "Ni session ni clé API valide (clé inconnue, révoquée ou expirée)", schema: ApiErrorSchema },
  403: { description: "Pas administrateur, ou clé sans l'accès demandé", schema: ApiErrorSchema },
  429: { description: "Trop de requêtes pour cette clé (en-tête Retry-After)", schema: ApiErrorSchema },
};

const invalidBody = { 400: { description: "Données invalides (messages en français, par champ)", schema: ApiErrorSchema } };

const id = z.object({ id: z.uuid() });

const tags = ["Administration : catalogue et stock"];

const auth = "admin_api" as const;

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/variants/{id}/stock",
    summary: "Stock d'une variante (accès stock:read)",
    tags,
    auth,
    pathParams: id,
    responses: {
      200: { description: "Stock", schema: z.object({ data: VariantStockSchema }) },
      ...guarded,
      404: { description: "Variante introuvable", schema: ApiErrorSchema },
    },
  },
  {
    method: "post",
    path: "/api/v1/admin/variants/{id}/stock",
    summary: "Un mouvement de stock : { mode: set | add | remove, quantity } (accès stock:write)",
    tags,
    auth,
    pathParams: id,
    body: VariantStockChangeSchema,
    responses: {
      200: { description: "Stock modifié", schema: z.object({ data: VariantStockSchema }) },
      ...invalidBody,
      ...guarded,
      404: { description: "Variante introuvable", schema: ApiErrorSchema },
      409: { description: CHECKOUT_MESSAGES.notEnoughStock, schema: ApiErrorSchema },
    },
  },
];
