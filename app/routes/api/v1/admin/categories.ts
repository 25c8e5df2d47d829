import type { Route } from "./+types/categories";
import { apiAction, dataResponse, readJsonObject } from "~/.server/api/route";
import { requireAdminApi } from "~/.server/api/admin-api";
import { adminListLoader } from "~/.server/api/admin-api-lists";
import { getDb } from "~/.server/db";
import { getCategoryForApi, listCategoriesForApi } from "~/.server/modules/catalog/catalog-api.service";
import { createCategory } from "~/.server/modules/catalog/categories-admin.service";

/** GET /api/v1/admin/categories?cursor=&limit=&updated_since=: categories with their product counts. */
export const loader = adminListLoader("catalog", (_params, db) => ({ ids: "uuid", walk: (window) => listCategoriesForApi(db, window) }));

/** POST { name }: creates a category (the back-office's rules: unique name, slug derived); 201. */
export const action = apiAction({
  POST: async ({ request }: Route.ActionArgs) => {
    const caller = await requireAdminApi(request, "catalog", "write");
    const body = await readJsonObject(request);
    const db = await getDb();
    const { category } = await createCategory(db, { name: body.name }, caller.actor);
    return dataResponse(await getCategoryForApi(db, category.id), { status: 201 });
  },
});
