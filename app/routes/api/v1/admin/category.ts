import type { Route } from "./+types/category";
import { apiAction, apiLoader, dataResponse, found, readJsonObject } from "~/.server/api/route";
import { requireAdminApi } from "~/.server/api/admin-api";
import { getDb } from "~/.server/db";
import { getCategoryForApi } from "~/.server/modules/catalog/catalog-api.service";
import { deleteCategory, renameCategory } from "~/.server/modules/catalog/categories-admin.service";
import { CATEGORY_NOT_FOUND_MESSAGE } from "~/domain/catalog/admin-categories.schema";

/** GET /api/v1/admin/categories/:id. */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  await requireAdminApi(request, "catalog", "read");
  return dataResponse(found(await getCategoryForApi(await getDb(), params.id), CATEGORY_NOT_FOUND_MESSAGE));
});

export const action = apiAction({
  /** PATCH { name }: renames the category. */
  PATCH: async ({ request, params }: Route.ActionArgs) => {
    const caller = await requireAdminApi(request, "catalog", "write");
    const body = await readJsonObject(request);
    const db = await getDb();
    await renameCategory(db, { id: params.id, name: body.name }, caller.actor);
    return dataResponse(await getCategoryForApi(db, params.id));
  },
  /** DELETE: only a category no product is filed under (409 otherwise, as in the back-office). */
  DELETE: async ({ request, params }: Route.ActionArgs) => {
    const caller = await requireAdminApi(request, "catalog", "write");
    await deleteCategory(await getDb(), params.id, caller.actor);
    return dataResponse({ id: params.id, deleted: true });
  },
});
