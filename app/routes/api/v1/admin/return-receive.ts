import type { Route } from "./+types/return-receive";
import { requireApiAdmin } from "~/.server/auth/session.server";
import { apiAction, apiLoader, dataResponse, found, readJsonObject } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { getReturnView } from "~/.server/modules/returns/returns.service";
import { receiveReturn } from "~/.server/workflows/returns";
import { RETURN_NOT_FOUND_MESSAGE } from "~/domain/returns/returns";

/** GET /api/v1/admin/returns/{id}/receive: the return as the reception dialog shows it. */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  await requireApiAdmin(request);
  return dataResponse(found(await getReturnView(await getDb(), params.id, "admin"), RETURN_NOT_FOUND_MESSAGE));
});

/** POST /api/v1/admin/returns/{id}/receive {lines: [{return_item_id, accepted, refusal_reason}]}: receives and refunds. */
export const action = apiAction({
  POST: async ({ request, params }: Route.ActionArgs) => {
    const session = await requireApiAdmin(request);
    const body = await readJsonObject(request);
    return dataResponse(
      await receiveReturn(await getDb(), { returnId: params.id, body, actorUserId: session.user.id, actor: adminActorOf(session) }),
    );
  },
});
