import type { Route } from "./+types/notification";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, apiLoader, dataResponse, found, readValidJson } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import {
  NOTIFICATION_NOT_FOUND_MESSAGE,
  deleteNotification,
  getNotification,
  markRead,
} from "~/.server/modules/notifications/notifications.service";
import { NotificationPatchBodySchema } from "~/.server/api/contracts/notification.contract";

/** GET /api/v1/notifications/:id: one of the user's notifications (someone else's id is a 404). */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  const session = await requireApiUser(request);
  const notification = await getNotification(await getDb(), session.user.id, params.id);
  return dataResponse(found(notification, NOTIFICATION_NOT_FOUND_MESSAGE));
});

/** PATCH `{ "is_read": true }`: mark it read; DELETE: remove it. */
export const action = apiAction({
  PATCH: async ({ request, params }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    await readValidJson(request, NotificationPatchBodySchema, 'Corps de requête invalide (attendu : { "is_read": true })');
    return dataResponse(await markRead(await getDb(), session.user.id, params.id));
  },
  DELETE: async ({ request, params }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    const { id } = await deleteNotification(await getDb(), session.user.id, params.id);
    return dataResponse({ id, deleted: true });
  },
});
