import type { Route } from "./+types/support-ticket";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiLoader, dataResponse, found } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { TICKET_NOT_FOUND_MESSAGE, getTicket } from "~/.server/modules/support/support.service";

/** GET /api/v1/support-tickets/:id: one of the user's own tickets (someone else's id is a 404). */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  const session = await requireApiUser(request);
  return dataResponse(found(await getTicket(await getDb(), session.user.id, params.id), TICKET_NOT_FOUND_MESSAGE));
});
