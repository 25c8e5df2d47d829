import type { Route } from "./+types/payment-method";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { failureResponse, jsonError, readJsonBody } from "~/.server/http";
import {
  PAYMENT_METHOD_NOT_FOUND_MESSAGE,
  deletePaymentMethod,
  getPaymentMethod,
  setDefaultPaymentMethod,
} from "~/.server/modules/payment-methods/payment-methods.service";
import { PaymentMethodPatchSchema } from "~/domain/payment-methods/payment-method.schema";
import { noStore } from "~/lib/http-cache";

/** GET /api/v1/payment-methods/:id: one of the user's own cards (someone else's id is a 404). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireApiUser(request);
  const method = await getPaymentMethod(await getDb(), session.user.id, params.id);
  if (!method) return jsonError(404, "not_found", PAYMENT_METHOD_NOT_FOUND_MESSAGE);
  return Response.json({ data: method }, { headers: noStore });
}

/**
 * PATCH `{ "is_default": true }`: make it the default (the only change a saved card accepts);
 * DELETE: remove it (when it was the default, the newest remaining card becomes the default).
 */
export const action = apiAction({ PATCH: handlePatch, DELETE: handleDelete });

async function handleDelete({ request, params }: Route.ActionArgs) {
  const session = await requireApiUser(request);
  const result = await deletePaymentMethod(await getDb(), session.user.id, params.id);
  if (!result.ok) return failureResponse(result);
  return Response.json({ data: { id: result.id, deleted: true, new_default_id: result.newDefaultId } }, { headers: noStore });
}

async function handlePatch({ request, params }: Route.ActionArgs) {
  const session = await requireApiUser(request);
  const db = await getDb();
  const userId = session.user.id;
  const body = await readJsonBody(request);
  if (body === undefined) return jsonError(400, "invalid_body", "Corps de requête JSON invalide");
  if (!PaymentMethodPatchSchema.safeParse(body).success) {
    return jsonError(400, "invalid_body", "Seul { \"is_default\": true } est accepté");
  }
  const result = await setDefaultPaymentMethod(db, userId, params.id);
  if (!result.ok) return failureResponse(result);
  return Response.json({ data: result.paymentMethod }, { headers: noStore });
}
