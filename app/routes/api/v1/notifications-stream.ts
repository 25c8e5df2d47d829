import type { Route } from "./+types/notifications-stream";
import { requireApiUser } from "~/.server/auth/session.server";
import { getNotificationHub } from "~/.server/modules/notifications/notification-hub";
import { openNotificationStream } from "~/.server/modules/notifications/notification-stream";

/**
 * GET /api/v1/notifications/stream: Server-Sent Events, one `notification` event (the
 * notification's JSON) per new notification of the signed-in user. Visitors get a JSON 401.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireApiUser(request);
  return openNotificationStream({ userId: session.user.id, signal: request.signal, hub: getNotificationHub() });
}
