import type { Route } from "./+types/notifications-read-all";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, dataResponse, methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { markAllRead } from "~/.server/modules/notifications/notifications.service";

/** POST /api/v1/notifications/read-all: every unread notification of the user becomes read. */
export const action = apiAction({
  POST: async ({ request }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    return dataResponse(await markAllRead(await getDb(), session.user.id));
  },
});

export const loader = methodNotAllowed;
