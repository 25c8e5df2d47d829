import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { AdminApiCategorySchema } from "~/.server/api/contracts/shared/admin-catalog";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminApiGuard, invalidFieldsBody, uuidPathParams } from "~/.server/api/contracts/shared/responses";

const tags = ["Administration : catalogue et stock"];

const auth = "admin_api" as const;

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/categories/{id}",
    summary: "Une catégorie (accès catalog:read)",
    tags,
    auth,
    pathParams: uuidPathParams,
    responses: {
      200: { description: "Catégorie", schema: z.object({ data: AdminApiCategorySchema }) },
      ...adminApiGuard,
      404: { description: "Catégorie introuvable", schema: ApiErrorSchema },
    },
  },
  {
    method: "patch",
    path: "/api/v1/admin/categories/{id}",
    summary: "Renommer une catégorie : { name } (accès catalog:write)",
    tags,
    auth,
    pathParams: uuidPathParams,
    body: z.object({ name: z.string() }),
    responses: {
      200: { description: "Catégorie renommée", schema: z.object({ data: AdminApiCategorySchema }) },
      ...invalidFieldsBody,
      ...adminApiGuard,
      404: { description: "Catégorie introuvable", schema: ApiErrorSchema },
      409: { description: "Nom déjà utilisé", schema: ApiErrorSchema },
    },
  },
  {
    method: "delete",
    path: "/api/v1/admin/categories/{id}",
    summary: "Supprimer une catégorie sans produit (accès catalog:write)",
    tags,
    auth,
    pathParams: uuidPathParams,
    responses: {
      200: { description: "Catégorie supprimée" },
      ...adminApiGuard,
      404: { description: "Catégorie introuvable", schema: ApiErrorSchema },
      409: { description: "Des produits y sont classés", schema: ApiErrorSchema },
    },
  },
];
