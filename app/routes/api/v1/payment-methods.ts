import type { Route } from "./+types/payment-methods";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { failureResponse, jsonError, readJsonBody } from "~/.server/http";
import { addPaymentMethod, listPaymentMethods } from "~/.server/modules/payment-methods/payment-methods.service";
import { noStore } from "~/lib/http-cache";

/** GET /api/v1/payment-methods: the signed-in user's saved cards, the default first. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireApiUser(request);
  const methods = await listPaymentMethods(await getDb(), session.user.id);
  return Response.json({ data: methods }, { headers: noStore });
}

/** POST /api/v1/payment-methods: saves a card without its full number (the first one becomes the default). */
export const action = apiAction({ POST: handlePost });

async function handlePost({ request }: Route.ActionArgs) {
  const session = await requireApiUser(request);
  const body = await readJsonBody(request);
  if (body === undefined) return jsonError(400, "invalid_body", "Corps de requête JSON invalide");
  const result = await addPaymentMethod(await getDb(), session.user.id, body);
  if (!result.ok) return failureResponse(result);
  return Response.json({ data: result.paymentMethod }, { status: 201, headers: noStore });
}
