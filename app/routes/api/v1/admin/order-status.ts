import { z } from "zod";
import { text } from "~/lib/safe-text";
import type { Route } from "./+types/order-status";
import { requireAdminApi } from "~/.server/api/admin-api";
import { requireRecentSecondFactor } from "~/.server/auth/session.server";
import { apiAction, apiLoader, dataResponse, firstIssue, readValidJson } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { userIdOfActor } from "~/.server/modules/activity-log/activity-log.service";
import { jsonOk } from "~/.server/http";
import { forgetAdminOrderCounts } from "~/.server/modules/orders/orders-admin.service";
import { changeOrderStatus, INVALID_STATUS_MESSAGE } from "~/.server/workflows/change-order-status";
import { ORDER_STATUS_LABELS, ORDER_STATUS_VALUES } from "~/domain/orders/order.types";

const StatusChangeSchema = z.object(
  {
    order_id: text({ error: "Commande introuvable" }).min(1, { error: "Commande introuvable" }),
    status: z.enum(ORDER_STATUS_VALUES, { error: INVALID_STATUS_MESSAGE }),
  },
  { error: "Requête invalide : order_id et status sont attendus" },
);

/** GET /api/v1/admin/order-status: the statuses an order can take, with their French labels. */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  await requireAdminApi(request, "orders", "read");
  return dataResponse(ORDER_STATUS_VALUES.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] })));
});

/**
 * POST /api/v1/admin/order-status {order_id, status}: the administrator changes an order's
 * status through the workflow (stock, points, notification and e-mail in one transaction).
 */
export const action = apiAction({
  POST: async ({ request }: Route.ActionArgs) => {
    const { actor, session } = await requireAdminApi(request, "orders", "write");
    const change = await readValidJson(request, StatusChangeSchema, firstIssue(INVALID_STATUS_MESSAGE));
    const db = await getDb();
    try {
      const result = await changeOrderStatus(db, {
        orderId: change.order_id,
        newStatus: change.status,
        actor: { userId: userIdOfActor(actor), role: "admin", admin: actor },
        // A staff session: 'shipped' needs orders.ship, a whole-order refund the owner's limit (decision 066).
        staff: session && {
          permissions: session.user.staff.permissions,
          confirmSecondFactor: () => requireRecentSecondFactor(session),
        },
      });
      return jsonOk({ data: result.order, changed: result.changed, points_credited: result.pointsCredited });
    } finally {
      forgetAdminOrderCounts(db);
    }
  },
});
