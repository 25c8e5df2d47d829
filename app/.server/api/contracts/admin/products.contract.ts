import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { STOCK_LEVEL_FILTERS } from "~/domain/catalog/admin-products.schema";
import { ListWindowQuerySchema, listResponse } from "~/.server/api/admin-list.api-schemas";
import { AdminApiProductSchema, AdminApiProductBodySchema } from "~/.server/api/contracts/shared/admin-catalog";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminApiGuard, invalidFieldsBody } from "~/.server/api/contracts/shared/responses";

const tags = ["Administration : catalogue et stock"];

const auth = "admin_api" as const;

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/products",
    summary: "Produits avec variantes et images, filtrés comme au back-office (accès catalog:read)",
    tags,
    auth,
    query: z.object({
      search: z.string().optional(),
      category: z.string().optional().describe("Un id de catégorie, ou `none`"),
      stock: z.enum(STOCK_LEVEL_FILTERS).optional(),
      ...ListWindowQuerySchema.shape,
    }),
    responses: {
      200: { description: "Une page de produits", schema: listResponse(AdminApiProductSchema, { id: "AdminApiProductPage" }) },
      ...invalidFieldsBody,
      ...adminApiGuard,
    },
  },
  {
    method: "post",
    path: "/api/v1/admin/products",
    summary: "Créer un produit et ses variantes (accès catalog:write)",
    tags,
    auth,
    body: AdminApiProductBodySchema,
    responses: {
      201: { description: "Produit créé", schema: z.object({ data: AdminApiProductSchema }) },
      ...invalidFieldsBody,
      ...adminApiGuard,
      409: { description: "Référence (SKU) déjà utilisée", schema: ApiErrorSchema },
    },
  },
];
