import type { Route } from "./+types/support-tickets";
import { hitFormLimit, requestKey, TOO_MANY_REQUESTS_MESSAGE } from "~/.server/rate-limit";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { failureResponse, jsonError, readJsonBody } from "~/.server/http";
import { createTicket, listTickets } from "~/.server/modules/support/support.service";
import { noStore } from "~/lib/http-cache";

/** GET /api/v1/support-tickets: the signed-in user's tickets, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireApiUser(request);
  const tickets = await listTickets(await getDb(), session.user.id);
  return Response.json({ data: tickets }, { headers: noStore });
}

/** POST /api/v1/support-tickets: opens a ticket with the next readable number (SAV-YYYY-NNNNNN). */
export const action = apiAction({ POST: handlePost });

async function handlePost({ request }: Route.ActionArgs) {
  const session = await requireApiUser(request);
  const body = await readJsonBody(request);
  if (body === undefined) return jsonError(400, "invalid_body", "Corps de requête JSON invalide");
  const limited = hitFormLimit("supportTicket", requestKey(request, session.user.id));
  if (!limited.allowed) {
    const tooMany = jsonError(429, "too_many_requests", TOO_MANY_REQUESTS_MESSAGE);
    tooMany.headers.set("Retry-After", String(limited.retryAfterSeconds));
    return tooMany;
  }
  const result = await createTicket(await getDb(), session.user.id, body);
  if (!result.ok) return failureResponse(result);
  return Response.json({ data: result.ticket }, { status: 201, headers: noStore });
}
