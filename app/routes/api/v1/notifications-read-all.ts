import type { Route } from "./+types/notifications-read-all";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { markAllRead } from "~/.server/modules/notifications/notifications.service";
import { noStore } from "~/lib/http-cache";

/** POST /api/v1/notifications/read-all: every unread notification of the user becomes read. */
export const action = apiAction({ POST: handlePost });

async function handlePost({ request }: Route.ActionArgs) {
  const session = await requireApiUser(request);
  const result = await markAllRead(await getDb(), session.user.id);
  return Response.json({ data: result }, { headers: noStore });
}

export const loader = methodNotAllowed;
