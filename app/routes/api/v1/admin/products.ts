import type { Route } from "./+types/products";
import { apiAction, dataResponse, readJsonObject } from "~/.server/api/route";
import { requireAdminApi } from "~/.server/api/admin-api";
import { adminListLoader } from "~/.server/api/admin-api-lists";
import { getDb } from "~/.server/db";
import { getProductForApi, listProductsForApi } from "~/.server/modules/catalog/catalog-api.service";
import { saveAdminProduct } from "~/.server/workflows/product-form";
import { parseApiProduct, INVALID_PRODUCT_BODY_MESSAGE } from "~/domain/catalog/admin-api.schema";
import { readAdminProductQuery } from "~/domain/catalog/admin-products.schema";
import { invalid } from "~/domain/errors";

/**
 * GET /api/v1/admin/products?search=&category=&stock=&cursor=&limit=&updated_since=: products
 * with their variants, filtered like the back-office list, in (updated_at, id) order.
 */
export const loader = adminListLoader("catalog", (params, db) => {
  const filter = readAdminProductQuery(params);
  return { ids: "uuid", walk: (window) => listProductsForApi(db, filter, window) };
});

/** POST: creates a product from the form's fields (variants' prices in cents); 201 with the product. */
export const action = apiAction({
  POST: async ({ request }: Route.ActionArgs) => {
    const caller = await requireAdminApi(request, "catalog", "write");
    const parsed = parseApiProduct(await readJsonObject(request));
    if (!parsed.ok) throw invalid("invalid_product", INVALID_PRODUCT_BODY_MESSAGE, { fieldErrors: parsed.fieldErrors });
    const db = await getDb();
    const saved = await saveAdminProduct(db, { id: null, input: parsed.input, actorUserId: caller.userId, actor: caller.actor });
    return dataResponse(await getProductForApi(db, saved.id), { status: 201 });
  },
});
