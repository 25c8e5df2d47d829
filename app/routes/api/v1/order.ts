import type { Route } from "./+types/order";
import { requireApiUser } from "~/.server/auth/session.server";
import { methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { jsonError, jsonOk } from "~/.server/http";
import { getOrder, ORDER_NOT_FOUND_MESSAGE } from "~/.server/modules/orders/orders.service";

/** GET /api/v1/orders/:id: one of the shopper's orders; someone else's is "not found" too. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireApiUser(request);
  const order = await getOrder(await getDb(), session.user.id, params.id);
  if (!order) return jsonError(404, "not_found", ORDER_NOT_FOUND_MESSAGE);
  return jsonOk({ data: order });
}

export const action = methodNotAllowed;
