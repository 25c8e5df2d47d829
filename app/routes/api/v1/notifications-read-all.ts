import type { Route } from "./+types/notifications-read-all";
import { requireApiUser } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { jsonError } from "~/.server/http";
import { markAllRead } from "~/.server/modules/notifications/notifications.service";

/** POST /api/v1/notifications/read-all: every unread notification of the user becomes read. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "method_not_allowed", "Méthode non autorisée");
  const session = await requireApiUser(request);
  if (session instanceof Response) return session;
  const result = await markAllRead(await getDb(), session.user.id);
  return Response.json({ data: result }, { headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return jsonError(405, "method_not_allowed", "Méthode non autorisée");
}
