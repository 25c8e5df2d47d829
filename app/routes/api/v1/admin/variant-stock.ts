import type { Route } from "./+types/variant-stock";
import { apiAction, apiLoader, dataResponse, firstIssue, found, readValidJson } from "~/.server/api/route";
import { requireAdminApi } from "~/.server/api/admin-api";
import { getDb } from "~/.server/db";
import { getVariantStockForApi } from "~/.server/modules/catalog/catalog-api.service";
import { adjustAdminStock } from "~/.server/workflows/admin-stock";
import { INVALID_QUANTITY_MESSAGE, VariantStockChangeSchema } from "~/domain/catalog/admin-api.schema";
import { PRODUCT_NOT_FOUND_MESSAGE } from "~/domain/catalog/admin-product-form.schema";

/** GET /api/v1/admin/variants/:id/stock: the variant's stock. */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  await requireAdminApi(request, "stock", "read");
  return dataResponse(found(await getVariantStockForApi(await getDb(), params.id), PRODUCT_NOT_FOUND_MESSAGE));
});

/** POST { mode: "set" | "add" | "remove", quantity }: one stock movement; removing more than there is: 409 'Stock insuffisant'. */
export const action = apiAction({
  POST: async ({ request, params }: Route.ActionArgs) => {
    const caller = await requireAdminApi(request, "stock", "write");
    const change = await readValidJson(request, VariantStockChangeSchema, firstIssue(INVALID_QUANTITY_MESSAGE));
    const db = await getDb();
    await adjustAdminStock(db, {
      variantIds: [params.id],
      mode: change.mode,
      quantity: change.quantity,
      bulk: false,
      actorUserId: caller.userId,
      actor: caller.actor,
    });
    return dataResponse(await getVariantStockForApi(db, params.id));
  },
});
