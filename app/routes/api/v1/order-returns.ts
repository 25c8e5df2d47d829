import type { Route } from "./+types/order-returns";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, apiLoader, dataResponse, found, readJsonObject } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { ORDER_NOT_FOUND_MESSAGE } from "~/.server/modules/orders/orders.service";
import { listReturnsOfUserOrder } from "~/.server/modules/returns/returns.service";
import { requestReturn } from "~/.server/workflows/returns";

/** GET /api/v1/orders/:id/returns: the returns of one of the shopper's orders; someone else's order is a 404, like the order. */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  const session = await requireApiUser(request);
  return dataResponse(found(await listReturnsOfUserOrder(await getDb(), session.user.id, params.id), ORDER_NOT_FOUND_MESSAGE));
});

/** POST /api/v1/orders/:id/returns {lines, reason, comment, confirm_unopened}: 'Retourner des articles'. */
export const action = apiAction({
  POST: async ({ request, params }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    const body = await readJsonObject(request);
    const view = await requestReturn(await getDb(), { userId: session.user.id, orderId: params.id, body });
    return dataResponse(view, { status: 201 });
  },
});
