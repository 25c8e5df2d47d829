import type { Route } from "./+types/order-payments";
import { requireAdminApi } from "~/.server/api/admin-api";
import { apiLoader, dataResponse, found } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { ADMIN_ORDER_NOT_FOUND_MESSAGE } from "~/.server/modules/orders/orders-admin.service";
import { getOrderPayments } from "~/.server/workflows/order-payments";

/**
 * GET /api/v1/admin/orders/:id/payments: the order's card charges, outside refunds and disputes
 * (docs/decisions/061-order-payments-in-back-office.md), behind the order's own guard.
 */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  await requireAdminApi(request, "orders", "read");
  return dataResponse(found(await getOrderPayments(await getDb(), params.id), ADMIN_ORDER_NOT_FOUND_MESSAGE));
});
