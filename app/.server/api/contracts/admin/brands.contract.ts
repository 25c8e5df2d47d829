import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { ListWindowQuerySchema, listResponse } from "~/.server/api/admin-list.api-schemas";
import { BrandBody, BrandDetailSchema } from "~/.server/api/contracts/shared/admin-catalog";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminApiGuard, invalidFieldsBody } from "~/.server/api/contracts/shared/responses";

const BrandSchema = z.object({ id: z.uuid(), name: z.string(), slug: z.string(), updated_at: z.string() }).meta({ id: "AdminApiBrand" });

const tags = ["Administration : catalogue et stock"];

const auth = "admin_api" as const;

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/brands",
    summary: "Marques (accès catalog:read)",
    tags,
    auth,
    query: ListWindowQuerySchema,
    responses: {
      200: { description: "Une page de marques", schema: listResponse(BrandSchema, { id: "AdminApiBrandPage" }) },
      ...invalidFieldsBody,
      ...adminApiGuard,
    },
  },
  {
    method: "post",
    path: "/api/v1/admin/brands",
    summary: "Créer une marque : { name, description? } (accès catalog:write)",
    tags,
    auth,
    body: BrandBody,
    responses: {
      201: { description: "Marque créée", schema: z.object({ data: BrandDetailSchema }) },
      ...invalidFieldsBody,
      ...adminApiGuard,
      409: { description: "Nom déjà utilisé", schema: ApiErrorSchema },
    },
  },
];
