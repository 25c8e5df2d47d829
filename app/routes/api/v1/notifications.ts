import type { Route } from "./+types/notifications";
import { requireApiUser } from "~/.server/auth/session.server";
import { methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { jsonError } from "~/.server/http";
import { countUnread, listNotifications } from "~/.server/modules/notifications/notifications.service";
import { NotificationListQuerySchema } from "~/.server/modules/notifications/notifications.api-schemas";
import { HEADER_NOTIFICATIONS_LIMIT } from "~/lib/shop-rules";
import { noStore } from "~/lib/http-cache";

/**
 * GET /api/v1/notifications?filter=all|unread|read&type=order_status: the signed-in user's
 * notifications, newest first, with the unread count of the same type. `type=order_status` is the
 * header bell's list (50 at most).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireApiUser(request);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = NotificationListQuerySchema.safeParse(params);
  if (!parsed.success) return jsonError(400, "invalid_query", "Paramètres invalides (filter : all, unread ou read)");
  const { filter, type } = parsed.data;
  const db = await getDb();
  const userId = session.user.id;
  const [data, unreadCount] = await Promise.all([
    listNotifications(db, userId, { filter, type, limit: type === "order_status" ? HEADER_NOTIFICATIONS_LIMIT : undefined }),
    countUnread(db, userId, type),
  ]);
  return Response.json({ data, unread_count: unreadCount }, { headers: noStore });
}

export const action = methodNotAllowed;
