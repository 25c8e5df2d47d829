import type { Route } from "./+types/brand";
import { apiAction, apiLoader, dataResponse, found, readJsonObject } from "~/.server/api/route";
import { requireAdminApi } from "~/.server/api/admin-api";
import { getDb } from "~/.server/db";
import { deleteBrand, getAdminBrand, updateBrand } from "~/.server/modules/catalog/brands-admin.service";
import { BRAND_NOT_FOUND_MESSAGE } from "~/domain/catalog/admin-brands.schema";

/** GET /api/v1/admin/brands/:id. */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  await requireAdminApi(request, "catalog", "read");
  return dataResponse(found(await getAdminBrand(await getDb(), params.id), BRAND_NOT_FOUND_MESSAGE));
});

export const action = apiAction({
  /** PATCH { name?, description? }: only the fields sent change. */
  PATCH: async ({ request, params }: Route.ActionArgs) => {
    const caller = await requireAdminApi(request, "catalog", "write");
    const body = await readJsonObject(request);
    const fields = {
      ...("name" in body ? { name: body.name } : {}),
      ...("description" in body ? { description: body.description } : {}),
    };
    return dataResponse(await updateBrand(await getDb(), params.id, fields, caller.actor));
  },
  /** DELETE: only a brand no product uses (409 otherwise). */
  DELETE: async ({ request, params }: Route.ActionArgs) => {
    const caller = await requireAdminApi(request, "catalog", "write");
    await deleteBrand(await getDb(), params.id, caller.actor);
    return dataResponse({ id: params.id, deleted: true });
  },
});
