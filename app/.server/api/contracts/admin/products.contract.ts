import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { STOCK_LEVEL_FILTERS } from "~/domain/catalog/admin-products.schema";
import { ListWindowQuerySchema, listResponse } from "~/.server/api/admin-list.api-schemas";
import { AdminApiProductSchema, AdminApiProductBodySchema } from "~/.server/api/contracts/shared/admin-catalog";
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
      ...invalidBody,
      ...guarded,
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
      ...invalidBody,
      ...guarded,
      409: { description: "Référence (SKU) déjà utilisée", schema: ApiErrorSchema },
    },
  },
];
