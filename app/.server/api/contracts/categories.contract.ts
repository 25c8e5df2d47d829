import { CategoryListSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/categories",
    summary: "Liste des catégories, par nom",
    tags: ["Catalogue"],
    responses: { 200: { description: "Catégories", schema: CategoryListSchema } },
  },
];
