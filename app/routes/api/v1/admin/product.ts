import type { Route } from "./+types/product";
import { apiAction, apiLoader, dataResponse, found, readJsonObject } from "~/.server/api/route";
import { requireAdminApi } from "~/.server/api/admin-api";
import { getDb } from "~/.server/db";
import { getProductForApi } from "~/.server/modules/catalog/catalog-api.service";
import { getAdminProductDetail } from "~/.server/modules/catalog/product-form.service";
import { saveAdminProduct } from "~/.server/workflows/product-form";
import { deleteAdminProduct } from "~/.server/modules/catalog/products-admin.service";
import { parseApiProduct, INVALID_PRODUCT_BODY_MESSAGE } from "~/domain/catalog/admin-api.schema";
import { PRODUCT_NOT_FOUND_MESSAGE } from "~/domain/catalog/admin-product-form.schema";
import { invalid } from "~/domain/errors";

/** GET /api/v1/admin/products/:id: the product with its variants and images. */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  await requireAdminApi(request, "catalog", "read");
  return dataResponse(found(await getProductForApi(await getDb(), params.id), PRODUCT_NOT_FOUND_MESSAGE));
});

export const action = apiAction({
  /**
   * PATCH: the fields sent replace the product's (as the back-office form saves them); `variants`,
   * when sent, is the whole list (a variant with its `id` is kept, one without is added, one
   * missing is removed).
   */
  PATCH: async ({ request, params }: Route.ActionArgs) => {
    const caller = await requireAdminApi(request, "catalog", "write");
    const body = await readJsonObject(request);
    const db = await getDb();
    const current = found(await getAdminProductDetail(db, params.id), PRODUCT_NOT_FOUND_MESSAGE);
    const parsed = parseApiProduct({ ...current.values, ...body });
    if (!parsed.ok) throw invalid("invalid_product", INVALID_PRODUCT_BODY_MESSAGE, { fieldErrors: parsed.fieldErrors });
    await saveAdminProduct(db, { id: current.id, input: parsed.input, actorUserId: caller.userId, actor: caller.actor });
    return dataResponse(await getProductForApi(db, current.id));
  },
  DELETE: async ({ request, params }: Route.ActionArgs) => {
    const caller = await requireAdminApi(request, "catalog", "write");
    const deleted = await deleteAdminProduct(await getDb(), params.id, caller.actor);
    return dataResponse({ id: params.id, name: deleted.name, deleted: true });
  },
});
