import type { Route } from "./+types/brands";
import { apiAction, apiLoader } from "~/.server/api/route";
import { pageOf, readListWindow, requireAdminApi } from "~/.server/api/admin-api";
import { getDb } from "~/.server/db";
import { jsonOk } from "~/.server/http";
import { listBrandsForApi } from "~/.server/modules/catalog/catalog-api.service";

/** GET /api/v1/admin/brands?cursor=&limit=&updated_since=: the brands (a product's `new_brand` creates one). */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  await requireAdminApi(request, "catalog", "read");
  const window = readListWindow(new URL(request.url).searchParams);
  const rows = await listBrandsForApi(await getDb(), window);
  return jsonOk(pageOf(rows, window.limit, (b) => ({ updatedAt: b.updated_at, id: b.id })));
});

/** Brands are read-only here: every write method gets the API's French 405. */
export const action = apiAction({});
