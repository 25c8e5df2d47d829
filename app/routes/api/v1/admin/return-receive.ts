import type { Route } from "./+types/return-receive";
import { requireAdminApi } from "~/.server/api/admin-api";
import { hasRecentSecondFactor } from "~/.server/auth/session.server";
import { apiAction, apiLoader, dataResponse, found, readJsonObject } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { userIdOfActor } from "~/.server/modules/activity-log/activity-log.service";
import { getReturnView } from "~/.server/modules/returns/returns.service";
import { receiveReturn } from "~/.server/workflows/returns";
import { RETURN_NOT_FOUND_MESSAGE } from "~/domain/returns/returns";

/** GET /api/v1/admin/returns/{id}/receive: the return as the reception dialog shows it. */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  await requireAdminApi(request, "returns", "read");
  return dataResponse(found(await getReturnView(await getDb(), params.id, "admin"), RETURN_NOT_FOUND_MESSAGE));
});

/** POST /api/v1/admin/returns/{id}/receive {lines: [{return_item_id, accepted, refusal_reason}]}: receives and refunds. */
export const action = apiAction({
  POST: async ({ request, params }: Route.ActionArgs) => {
    const { actor, session } = await requireAdminApi(request, "returns", "write");
    const body = await readJsonObject(request);
    // A staff session receives within the owner's refund limit (decision 066); a key by its scope.
    const staff = session && { permissions: session.user.staff.permissions, recentSecondFactor: await hasRecentSecondFactor(session) };
    return dataResponse(await receiveReturn(await getDb(), { returnId: params.id, body, actorUserId: userIdOfActor(actor), actor, staff }));
  },
});
