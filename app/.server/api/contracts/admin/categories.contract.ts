import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { ListWindowQuerySchema, listResponse } from "~/.server/api/admin-list.api-schemas";
import { AdminApiCategorySchema } from "~/.server/api/contracts/shared/admin-catalog";
import type { ApiOperation } from "~/.server/api/api-operation";

const guarded = {
  401: { description: "Ni session ni clé API valide (clé inconnue, révoquée ou expirée)", schema: ApiErrorSchema },
  403: { description: "Pas administrateur, ou clé sans l'accès demandé", schema: ApiErrorSchema },
  429: { description: "Trop de requêtes pour cette clé (en-tête Retry-After)", schema: ApiErrorSchema },
};

const invalidBody = { 400: { description: "Données invalides (messages en français, par champ)", schema: ApiErrorSchema } };

const tags = ["Administration : catalogue et stock"];

const auth = "admin_api" as const;

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/categories",
    summary: "Catégories avec leur nombre de produits (accès catalog:read)",
    tags,
    auth,
    query: ListWindowQuerySchema,
    responses: {
      200: { description: "Une page de catégories", schema: listResponse(AdminApiCategorySchema, { id: "AdminApiCategoryPage" }) },
      ...invalidBody,
      ...guarded,
    },
  },
  {
    method: "post",
    path: "/api/v1/admin/categories",
    summary: "Créer une catégorie : { name } (accès catalog:write)",
    tags,
    auth,
    body: z.object({ name: z.string() }),
    responses: {
      201: { description: "Catégorie créée", schema: z.object({ data: AdminApiCategorySchema }) },
      ...invalidBody,
      ...guarded,
      409: { description: "Nom déjà utilisé", schema: ApiErrorSchema },
    },
  },
];
