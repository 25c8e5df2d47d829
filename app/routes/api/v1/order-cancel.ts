import type { Route } from "./+types/order-cancel";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, dataResponse, methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { jsonError } from "~/.server/http";
import { cancelOwnOrder } from "~/.server/workflows/change-order-status";

/** POST /api/v1/orders/:id/cancel: cancels the shopper's pending order within the hour after it was placed. */
export const action = apiAction({
  POST: async ({ request, params }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    const result = await cancelOwnOrder(await getDb(), session.user.id, params.id);
    if (!result.ok) return jsonError(result.status, result.code, result.message);
    return dataResponse(result.order);
  },
});

export const loader = methodNotAllowed;
