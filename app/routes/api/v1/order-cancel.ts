import type { Route } from "./+types/order-cancel";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, dataResponse, methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { cancelOwnOrder } from "~/.server/workflows/change-order-status";

/** POST /api/v1/orders/:id/cancel: cancels the shopper's pending order within the hour after it was placed. */
export const action = apiAction({
  POST: async ({ request, params }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    const result = await cancelOwnOrder(await getDb(), session.user.id, params.id);
    return dataResponse(result.order);
  },
});

export const loader = methodNotAllowed;
