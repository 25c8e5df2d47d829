import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { AdminApiProductSchema, AdminApiProductBodySchema } from "~/.server/api/contracts/shared/admin-catalog";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminApiGuard, invalidFieldsBody, uuidPathParams } from "~/.server/api/contracts/shared/responses";

const tags = ["Administration : catalogue et stock"];

const auth = "admin_api" as const;

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/products/{id}",
    summary: "Un produit (accès catalog:read)",
    tags,
    auth,
    pathParams: uuidPathParams,
    responses: {
      200: { description: "Produit", schema: z.object({ data: AdminApiProductSchema }) },
      ...adminApiGuard,
      404: { description: SHOP_MESSAGES.productNotFound, schema: ApiErrorSchema },
    },
  },
  {
    method: "patch",
    path: "/api/v1/admin/products/{id}",
    summary: "Modifier les champs envoyés ; `variants`, si envoyé, est la liste complète (accès catalog:write)",
    tags,
    auth,
    pathParams: uuidPathParams,
    body: AdminApiProductBodySchema.partial(),
    responses: {
      200: { description: "Produit modifié", schema: z.object({ data: AdminApiProductSchema }) },
      ...invalidFieldsBody,
      ...adminApiGuard,
      404: { description: SHOP_MESSAGES.productNotFound, schema: ApiErrorSchema },
      409: { description: "Référence (SKU) déjà utilisée", schema: ApiErrorSchema },
    },
  },
  {
    method: "delete",
    path: "/api/v1/admin/products/{id}",
    summary: "Supprimer un produit (accès catalog:write)",
    tags,
    auth,
    pathParams: uuidPathParams,
    responses: {
      200: { description: "Produit supprimé" },
      ...adminApiGuard,
      404: { description: SHOP_MESSAGES.productNotFound, schema: ApiErrorSchema },
    },
  },
];
