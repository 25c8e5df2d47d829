import type { Route } from "./+types/support-ticket-messages";
import { hitFormLimit, requestKey, TOO_MANY_REQUESTS_MESSAGE } from "~/.server/limits/form-limits";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, apiLoader, dataResponse, readJsonObject } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { jsonError } from "~/.server/http";
import { readTicketThread, replyAsCustomer } from "~/.server/modules/support/ticket-thread.service";

/**
 * GET /api/v1/support-tickets/:id/messages: the thread of one of the user's own tickets (without
 * the team's internal notes), oldest first; reading it marks the team's replies read.
 */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  const session = await requireApiUser(request);
  return dataResponse(await readTicketThread(await getDb(), session.user.id, params.id));
});

/** POST /api/v1/support-tickets/:id/messages: the shopper's reply ({ body }); a resolved ticket is reopened. */
export const action = apiAction({
  POST: async ({ request, params }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    const body = await readJsonObject(request);
    const limited = await hitFormLimit(await getDb(), "supportReply", requestKey(request, session.user.id));
    if (!limited.allowed) {
      const tooMany = jsonError(429, "too_many_requests", TOO_MANY_REQUESTS_MESSAGE);
      tooMany.headers.set("Retry-After", String(limited.retryAfterSeconds));
      return tooMany;
    }
    return dataResponse(await replyAsCustomer(await getDb(), session.user.id, params.id, body), { status: 201 });
  },
});
