import type { Route } from "./+types/support-tickets";
import { hitFormLimit, requestKey, TOO_MANY_REQUESTS_MESSAGE } from "~/.server/limits/form-limits";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, apiLoader, dataResponse, readJsonObject } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { jsonError } from "~/.server/http";
import { createTicket, listTickets } from "~/.server/modules/support/support.service";

/** GET /api/v1/support-tickets: the signed-in user's tickets, newest first. */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  const session = await requireApiUser(request);
  return dataResponse(await listTickets(await getDb(), session.user.id));
});

/** POST /api/v1/support-tickets: opens a ticket with the next readable number (SAV-YYYY-NNNNNN). */
export const action = apiAction({
  POST: async ({ request }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    const body = await readJsonObject(request);
    const limited = await hitFormLimit(await getDb(), "supportTicket", requestKey(request, session.user.id));
    if (!limited.allowed) {
      const tooMany = jsonError(429, "too_many_requests", TOO_MANY_REQUESTS_MESSAGE);
      tooMany.headers.set("Retry-After", String(limited.retryAfterSeconds));
      return tooMany;
    }
    return dataResponse(await createTicket(await getDb(), session.user.id, body), { status: 201 });
  },
});
