import type { Route } from "./+types/order";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiLoader, dataResponse, found, methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { ORDER_NOT_FOUND_MESSAGE } from "~/.server/modules/orders/orders.service";
import { getOrder } from "~/.server/workflows/order-views";

/** GET /api/v1/orders/:id: one of the shopper's orders; someone else's is "not found" too. */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  const session = await requireApiUser(request);
  return dataResponse(found(await getOrder(await getDb(), session.user.id, params.id), ORDER_NOT_FOUND_MESSAGE));
});

export const action = methodNotAllowed;
