import type { Route } from "./+types/support-ticket";
import { requireApiUser } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { jsonError } from "~/.server/http";
import { TICKET_NOT_FOUND_MESSAGE, getTicket } from "~/.server/modules/support/support.service";
import { noStore } from "~/lib/http-cache";

/** GET /api/v1/support-tickets/:id: one of the user's own tickets (someone else's id is a 404). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireApiUser(request);
  const ticket = await getTicket(await getDb(), session.user.id, params.id);
  if (!ticket) return jsonError(404, "not_found", TICKET_NOT_FOUND_MESSAGE);
  return Response.json({ data: ticket }, { headers: noStore });
}
