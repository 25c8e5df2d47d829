import type { Route } from "./+types/notification";
import { requireApiUser } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { jsonError } from "~/.server/http";
import {
  NOTIFICATION_NOT_FOUND_MESSAGE,
  deleteNotification,
  getNotification,
  markRead,
} from "~/.server/modules/notifications/notifications.service";
import { NotificationPatchBodySchema } from "~/.server/modules/notifications/notifications.api-schemas";

const noStore = { "Cache-Control": "no-store" };

/** GET /api/v1/notifications/:id: one of the user's notifications (someone else's id is a 404). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireApiUser(request);
  if (session instanceof Response) return session;
  const notification = await getNotification(await getDb(), session.user.id, params.id);
  if (!notification) return jsonError(404, "not_found", NOTIFICATION_NOT_FOUND_MESSAGE);
  return Response.json({ data: notification }, { headers: noStore });
}

/** PATCH `{ "is_read": true }`: mark it read; DELETE: remove it. */
export async function action({ request, params }: Route.ActionArgs) {
  const method = request.method;
  if (method !== "PATCH" && method !== "DELETE") return jsonError(405, "method_not_allowed", "Méthode non autorisée");
  const session = await requireApiUser(request);
  if (session instanceof Response) return session;
  const db = await getDb();
  const userId = session.user.id;

  if (method === "DELETE") {
    const result = await deleteNotification(db, userId, params.id);
    if (!result.ok) return jsonError(result.status, result.code, result.message);
    return Response.json({ data: { id: result.id, deleted: true } }, { headers: noStore });
  }

  const body: unknown = await request.json().catch(() => undefined);
  if (!NotificationPatchBodySchema.safeParse(body).success) {
    return jsonError(400, "invalid_body", "Corps de requête invalide (attendu : { \"is_read\": true })");
  }
  const result = await markRead(db, userId, params.id);
  if (!result.ok) return jsonError(result.status, result.code, result.message);
  return Response.json({ data: result.notification }, { headers: noStore });
}
