import type { Route } from "./+types/order-shipment";
import { requireAdminApi } from "~/.server/api/admin-api";
import { apiAction, apiLoader, readJsonObject } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { jsonOk } from "~/.server/http";
import { userIdOfActor } from "~/.server/modules/activity-log/activity-log.service";
import { forgetAdminOrderCounts } from "~/.server/modules/orders/orders-admin.service";
import { prepareShipment, shipmentPreparation } from "~/.server/workflows/shipments";

/** GET /api/v1/admin/orders/{id}/shipment: what 'Préparer l'expédition' opens with. */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  await requireAdminApi(request, "orders", "read");
  return jsonOk({ data: await shipmentPreparation(await getDb(), params.id) });
});

/** POST /api/v1/admin/orders/{id}/shipment {weight_grams, format}: the carrier prints the label (decision 062). */
export const action = apiAction({
  POST: async ({ request, params }: Route.ActionArgs) => {
    const { actor } = await requireAdminApi(request, "orders", "write", "orders.ship");
    const form = await readJsonObject(request);
    const db = await getDb();
    try {
      return jsonOk({ data: await prepareShipment(db, { orderId: params.id, form, actor, actorUserId: userIdOfActor(actor) }) });
    } finally {
      forgetAdminOrderCounts(db);
    }
  },
});
