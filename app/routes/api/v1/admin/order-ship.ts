import type { Route } from "./+types/order-ship";
import { requireAdminApi } from "~/.server/api/admin-api";
import { apiAction, apiLoader, dataResponse, found, readJsonObject } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { userIdOfActor } from "~/.server/modules/activity-log/activity-log.service";
import { jsonOk } from "~/.server/http";
import { forgetAdminOrderCounts } from "~/.server/modules/orders/orders-admin.service";
import { shipOrder } from "~/.server/workflows/change-order-status";
import { getOrderShipment, ORDER_NOT_FOUND_MESSAGE } from "~/.server/modules/orders/orders.service";

/** GET /api/v1/admin/orders/{id}/ship: the order's status and parcel (carrier, number, link, date; null before shipping). */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  await requireAdminApi(request, "orders", "read");
  return dataResponse(found(await getOrderShipment(await getDb(), params.id), ORDER_NOT_FOUND_MESSAGE));
});

/**
 * POST /api/v1/admin/orders/{id}/ship {carrier, tracking_number}: 'Expédier'. The number is
 * checked against the carrier's format; the order moves to shipped through the status workflow
 * with its tracking link, notification and e-mail.
 */
export const action = apiAction({
  POST: async ({ request, params }: Route.ActionArgs) => {
    const { actor } = await requireAdminApi(request, "orders", "write", "orders.ship");
    const form = await readJsonObject(request);
    const db = await getDb();
    try {
      const result = await shipOrder(db, {
        orderId: params.id,
        form,
        actor: { userId: userIdOfActor(actor), role: "admin", admin: actor },
      });
      return jsonOk({ data: result.order, changed: result.changed });
    } finally {
      forgetAdminOrderCounts(db);
    }
  },
});
