import type { Route } from "./+types/stock";
import { apiAction, apiLoader, dataResponse, everyIssue, readValidJson } from "~/.server/api/route";
import { pageOf, readListWindow, requireAdminApi } from "~/.server/api/admin-api";
import { getDb } from "~/.server/db";
import { jsonOk } from "~/.server/http";
import { listVariantStockForApi } from "~/.server/modules/catalog/catalog-api.service";
import { adjustStockBySku } from "~/.server/modules/catalog/products-admin.service";
import { BulkStockChangeSchema } from "~/domain/catalog/admin-api.schema";

/** GET /api/v1/admin/stock?cursor=&limit=&updated_since=: every variant's stock, by SKU. */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  await requireAdminApi(request, "stock", "read");
  const window = readListWindow(new URL(request.url).searchParams);
  const rows = await listVariantStockForApi(await getDb(), window);
  return jsonOk(pageOf(rows, window.limit, (v) => ({ updatedAt: v.updated_at, id: v.id })));
});

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
