import type { Route } from "./+types/notification";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { jsonError, readJson } from "~/.server/http";
import {
  NOTIFICATION_NOT_FOUND_MESSAGE,
  deleteNotification,
  getNotification,
  markRead,
} from "~/.server/modules/notifications/notifications.service";
import { NotificationPatchBodySchema } from "~/.server/modules/notifications/notifications.api-schemas";
import { noStore } from "~/lib/http-cache";

/** GET /api/v1/notifications/:id: one of the user's notifications (someone else's id is a 404). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireApiUser(request);
  const notification = await getNotification(await getDb(), session.user.id, params.id);
  if (!notification) return jsonError(404, "not_found", NOTIFICATION_NOT_FOUND_MESSAGE);
  return Response.json({ data: notification }, { headers: noStore });
}

/** PATCH `{ "is_read": true }`: mark it read; DELETE: remove it. */
export const action = apiAction({ PATCH: handlePatch, DELETE: handleDelete });

async function handleDelete({ request, params }: Route.ActionArgs) {
  const session = await requireApiUser(request);
  const result = await deleteNotification(await getDb(), session.user.id, params.id);
  if (!result.ok) return jsonError(result.status, result.code, result.message);
  return Response.json({ data: { id: result.id, deleted: true } }, { headers: noStore });
}

async function handlePatch({ request, params }: Route.ActionArgs) {
  const session = await requireApiUser(request);
  const db = await getDb();
  const userId = session.user.id;
  const body = await readJson(request);
  if (!NotificationPatchBodySchema.safeParse(body).success) {
    return jsonError(400, "invalid_body", "Corps de requête invalide (attendu : { \"is_read\": true })");
  }
  const result = await markRead(db, userId, params.id);
  if (!result.ok) return jsonError(result.status, result.code, result.message);
  return Response.json({ data: result.notification }, { headers: noStore });
}
