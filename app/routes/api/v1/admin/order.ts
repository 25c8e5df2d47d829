import type { Route } from "./+types/order";
import { requireApiAdmin } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { jsonError, jsonOk } from "~/.server/http";
import { ADMIN_ORDER_NOT_FOUND_MESSAGE, getAdminOrder } from "~/.server/modules/orders/orders-admin.service";

/** GET /api/v1/admin/orders/:id: one order with contact, addresses and lines (the detail modal reads it). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireApiAdmin(request);
  const order = await getAdminOrder(await getDb(), params.id);
  if (!order) return jsonError(404, "not_found", ADMIN_ORDER_NOT_FOUND_MESSAGE);
  return jsonOk({ data: order });
}
