import type { Route } from "./+types/brands";
import { apiAction, dataResponse, readJsonObject } from "~/.server/api/route";
import { requireAdminApi } from "~/.server/api/admin-api";
import { adminListLoader } from "~/.server/api/admin-api-lists";
import { getDb } from "~/.server/db";
import { listBrandsForApi } from "~/.server/modules/catalog/catalog-api.service";
import { createBrand } from "~/.server/modules/catalog/brands-admin.service";

/** GET /api/v1/admin/brands?cursor=&limit=&updated_since=: the brands (a product's `new_brand` creates one). */
export const loader = adminListLoader("catalog", (_params, db) => ({ ids: "uuid", walk: (window) => listBrandsForApi(db, window) }));

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
