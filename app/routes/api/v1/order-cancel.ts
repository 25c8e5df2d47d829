import type { Route } from "./+types/order-cancel";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { answeringDomainErrors } from "~/.server/error-responses";
import { jsonOk } from "~/.server/http";
import { cancelOwnOrder } from "~/.server/workflows/change-order-status";

/** POST /api/v1/orders/:id/cancel: cancels the shopper's pending order within the hour after it was placed. */
export const action = apiAction({ POST: handlePost });

async function handlePost({ request, params }: Route.ActionArgs) {
  const session = await requireApiUser(request);
  return answeringDomainErrors(async () => {
    const result = await cancelOwnOrder(await getDb(), session.user.id, params.id);
    return jsonOk({ data: result.order });
  });
}

export const loader = methodNotAllowed;
