import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { VariantStockSchema } from "~/.server/api/contracts/shared/admin-catalog";
import { VariantStockChangeSchema } from "~/domain/catalog/admin-api.schema";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminApiGuard, invalidFieldsBody, uuidPathParams } from "~/.server/api/contracts/shared/responses";

const tags = ["Administration : catalogue et stock"];

const auth = "admin_api" as const;

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/variants/{id}/stock",
    summary: "Stock d'une variante (accès stock:read)",
    tags,
    auth,
    pathParams: uuidPathParams,
    responses: {
      200: { description: "Stock", schema: z.object({ data: VariantStockSchema }) },
      ...adminApiGuard,
      404: { description: "Variante introuvable", schema: ApiErrorSchema },
    },
  },
  {
    method: "post",
    path: "/api/v1/admin/variants/{id}/stock",
    summary: "Un mouvement de stock : { mode: set | add | remove, quantity } (accès stock:write)",
    tags,
    auth,
    pathParams: uuidPathParams,
    body: VariantStockChangeSchema,
    responses: {
      200: { description: "Stock modifié", schema: z.object({ data: VariantStockSchema }) },
      ...invalidFieldsBody,
      ...adminApiGuard,
      404: { description: "Variante introuvable", schema: ApiErrorSchema },
      409: { description: CHECKOUT_MESSAGES.notEnoughStock, schema: ApiErrorSchema },
    },
  },
];
