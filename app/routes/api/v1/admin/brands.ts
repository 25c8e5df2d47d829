import { apiAction } from "~/.server/api/route";
import { adminListLoader } from "~/.server/api/admin-api-lists";
import { listBrandsForApi } from "~/.server/modules/catalog/catalog-api.service";

/** GET /api/v1/admin/brands?cursor=&limit=&updated_since=: the brands (a product's `new_brand` creates one). */
export const loader = adminListLoader("catalog", (_params, db) => ({ ids: "uuid", walk: (window) => listBrandsForApi(db, window) }));

/** Brands are read-only here: every write method gets the API's French 405. */
export const action = apiAction({});
