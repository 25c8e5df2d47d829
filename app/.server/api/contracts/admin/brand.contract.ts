import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { BrandDetailSchema, BrandBody } from "~/.server/api/contracts/shared/admin-catalog";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminApiGuard, invalidFieldsBody, uuidPathParams } from "~/.server/api/contracts/shared/responses";

const tags = ["Administration : catalogue et stock"];

const auth = "admin_api" as const;

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/brands/{id}",
    summary: "Une marque avec son nombre de produits (accès catalog:read)",
    tags,
    auth,
    pathParams: uuidPathParams,
    responses: {
      200: { description: "Marque", schema: z.object({ data: BrandDetailSchema }) },
      ...adminApiGuard,
      404: { description: SHOP_MESSAGES.brandNotFound, schema: ApiErrorSchema },
    },
  },
  {
    method: "patch",
    path: "/api/v1/admin/brands/{id}",
    summary:
      "Renommer ou décrire une marque : { name?, description? } ; un nouveau nom passe sur ses produits (webhook product.updated) (accès catalog:write)",
    tags,
    auth,
    pathParams: uuidPathParams,
    body: BrandBody.partial(),
    responses: {
      200: { description: "Marque modifiée", schema: z.object({ data: BrandDetailSchema }) },
      ...invalidFieldsBody,
      ...adminApiGuard,
      404: { description: SHOP_MESSAGES.brandNotFound, schema: ApiErrorSchema },
      409: { description: "Nom déjà utilisé", schema: ApiErrorSchema },
    },
  },
  {
    method: "delete",
    path: "/api/v1/admin/brands/{id}",
    summary: "Supprimer une marque qu'aucun produit n'utilise (accès catalog:write)",
    tags,
    auth,
    pathParams: uuidPathParams,
    responses: {
      200: { description: "Marque supprimée" },
      ...adminApiGuard,
      404: { description: SHOP_MESSAGES.brandNotFound, schema: ApiErrorSchema },
      409: { description: "Des produits l'utilisent", schema: ApiErrorSchema },
    },
  },
];
