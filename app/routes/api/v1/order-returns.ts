import type { Route } from "./+types/order-returns";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, apiLoader, dataResponse, readJsonObject } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { listReturnsOfUser } from "~/.server/modules/returns/returns.service";
import { requestReturn } from "~/.server/workflows/returns";
import { isUuid } from "~/lib/uuid";

/** GET /api/v1/orders/:id/returns: the returns of one of the shopper's orders. */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  const session = await requireApiUser(request);
  if (!isUuid(params.id)) return dataResponse([]);
  return dataResponse(await listReturnsOfUser(await getDb(), session.user.id, params.id));
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
