import type { Route } from "./+types/stock";
import { apiAction, dataResponse, everyIssue, readValidJson } from "~/.server/api/route";
import { requireAdminApi } from "~/.server/api/admin-api";
import { adminListLoader } from "~/.server/api/admin-api-lists";
import { getDb } from "~/.server/db";
import { listVariantStockForApi } from "~/.server/modules/catalog/catalog-api.service";
import { adjustStockBySku } from "~/.server/workflows/admin-stock";
import { BulkStockChangeSchema } from "~/domain/catalog/admin-api.schema";

/** GET /api/v1/admin/stock?cursor=&limit=&updated_since=: every variant's stock, by SKU. */
export const loader = adminListLoader("stock", (_params, db) => ({ ids: "uuid", walk: (window) => listVariantStockForApi(db, window) }));

/**
 * POST { items: [{ sku, mode: "set" | "add" | "remove", quantity }] }: stock movements by SKU,
 * all or nothing (an unknown SKU or a removal below 0 changes nothing).
 */
export const action = apiAction({
  POST: async ({ request }: Route.ActionArgs) => {
    const caller = await requireAdminApi(request, "stock", "write");
    const { items } = await readValidJson(request, BulkStockChangeSchema, everyIssue({ distinct: true }));
    const result = await adjustStockBySku(await getDb(), { changes: items, actorUserId: caller.userId, actor: caller.actor });
    return dataResponse({
      variants: result.variants.map((v) => ({ id: v.variantId, product_id: v.productId, stock: v.stock, delta: v.delta })),
    });
  },
});
