import type { Route } from "./+types/brands";
import { apiAction, apiLoader, dataResponse, readJsonObject } from "~/.server/api/route";
import { pageOf, readListWindow, requireAdminApi } from "~/.server/api/admin-api";
import { getDb } from "~/.server/db";
import { jsonOk } from "~/.server/http";
import { listBrandsForApi } from "~/.server/modules/catalog/catalog-api.service";
import { createBrand } from "~/.server/modules/catalog/brands-admin.service";

/** GET /api/v1/admin/brands?cursor=&limit=&updated_since=: the brands (a product's `new_brand` also creates one). */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  await requireAdminApi(request, "catalog", "read");
  const window = readListWindow(new URL(request.url).searchParams);
  const rows = await listBrandsForApi(await getDb(), window);
  return jsonOk(pageOf(rows, window.limit, (b) => ({ updatedAt: b.updated_at, id: b.id })));
});

/** POST { name, description? }: creates a brand (unique name, slug derived); 201. */
export const action = apiAction({
  POST: async ({ request }: Route.ActionArgs) => {
    const caller = await requireAdminApi(request, "catalog", "write");
    const body = await readJsonObject(request);
    return dataResponse(await createBrand(await getDb(), { name: body.name, description: body.description }, caller.actor), {
      status: 201,
    });
  },
});
