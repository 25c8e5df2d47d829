import { ApiErrorSchema, ProductListSchema } from "~/.server/api/schemas";
import { ProductListQuerySchema } from "~/domain/catalog/catalog.schema";
import type { ApiOperation } from "~/.server/api/api-operation";

const errors = {
  400: { description: "Paramètres invalides", schema: ApiErrorSchema },
};

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/products",
    summary: "Catalogue filtré, trié et paginé (mêmes filtres que la page /products)",
    tags: ["Catalogue"],
    query: ProductListQuerySchema,
    responses: { 200: { description: "Une page de produits", schema: ProductListSchema }, ...errors },
  },
];
