import type { Route } from "./+types/notifications";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiLoader, methodNotAllowed, validate } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { jsonOk } from "~/.server/http";
import { countUnread, listNotifications } from "~/.server/modules/notifications/notifications.service";
import { NotificationListQuerySchema } from "~/.server/api/contracts/notifications.contract";
import { HEADER_NOTIFICATIONS_LIMIT } from "~/lib/shop-rules";

/**
 * GET /api/v1/notifications?filter=all|unread|read&type=order_status: the signed-in user's
 * notifications, newest first, with the unread count of the same type. `type=order_status` is the
 * header bell's list (50 at most).
 */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  const session = await requireApiUser(request);
  const { filter, type } = validate(
    NotificationListQuerySchema,
    Object.fromEntries(new URL(request.url).searchParams),
    "Paramètres invalides (filter : all, unread ou read)",
    "invalid_query",
  );
  const db = await getDb();
  const userId = session.user.id;
  const [data, unreadCount] = await Promise.all([
    listNotifications(db, userId, { filter, type, limit: type === "order_status" ? HEADER_NOTIFICATIONS_LIMIT : undefined }),
    countUnread(db, userId, type),
  ]);
  return jsonOk({ data, unread_count: unreadCount });
});

export const action = methodNotAllowed;
