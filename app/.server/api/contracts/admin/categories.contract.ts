import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { ListWindowQuerySchema, listResponse } from "~/.server/api/admin-list.api-schemas";
import { AdminApiCategorySchema } from "~/.server/api/contracts/shared/admin-catalog";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminApiGuard, invalidFieldsBody } from "~/.server/api/contracts/shared/responses";

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
      ...invalidFieldsBody,
      ...adminApiGuard,
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
      ...invalidFieldsBody,
      ...adminApiGuard,
      409: { description: "Nom déjà utilisé", schema: ApiErrorSchema },
    },
  },
];
