import type { Route } from "./+types/order";
import { requireAdminApi } from "~/.server/api/admin-api";
import { apiLoader, dataResponse, found } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { ADMIN_ORDER_NOT_FOUND_MESSAGE } from "~/.server/modules/orders/orders-admin.service";
import { getAdminOrder } from "~/.server/workflows/order-views";

/** GET /api/v1/admin/orders/:id: one order with contact, addresses and lines (the detail modal reads it). */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  await requireAdminApi(request, "orders", "read");
  return dataResponse(found(await getAdminOrder(await getDb(), params.id), ADMIN_ORDER_NOT_FOUND_MESSAGE));
});
