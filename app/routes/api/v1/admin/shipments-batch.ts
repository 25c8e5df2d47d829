import type { Route } from "./+types/shipments-batch";
import { requireAdminApi } from "~/.server/api/admin-api";
import { apiAction, methodNotAllowed, readJsonObject } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { jsonOk } from "~/.server/http";
import { userIdOfActor } from "~/.server/modules/activity-log/activity-log.service";
import { forgetAdminOrderCounts } from "~/.server/modules/orders/orders-admin.service";
import { prepareShipments } from "~/.server/workflows/shipments";

/** POST /api/v1/admin/shipments/batch {order_ids, format}: a label for each selected order (decision 062). */
export const action = apiAction({
  POST: async ({ request }: Route.ActionArgs) => {
    const { actor } = await requireAdminApi(request, "orders", "write", "orders.ship");
    const form = await readJsonObject(request);
    const db = await getDb();
    try {
      return jsonOk({ data: await prepareShipments(db, { form, actor, actorUserId: userIdOfActor(actor) }) });
    } finally {
      forgetAdminOrderCounts(db);
    }
  },
});

export const loader = methodNotAllowed;
