import type { Route } from "./+types/payment-method";
import { requireApiUser } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { failureResponse, jsonError, readJsonBody } from "~/.server/http";
import {
  PAYMENT_METHOD_NOT_FOUND_MESSAGE,
  deletePaymentMethod,
  getPaymentMethod,
  setDefaultPaymentMethod,
} from "~/.server/modules/payment-methods/payment-methods.service";
import { PaymentMethodPatchSchema } from "~/features/payment-methods/payment-method.schema";

const noStore = { "Cache-Control": "no-store" };

/** GET /api/v1/payment-methods/:id: one of the user's own cards (someone else's id is a 404). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireApiUser(request);
  if (session instanceof Response) return session;
  const method = await getPaymentMethod(await getDb(), session.user.id, params.id);
  if (!method) return jsonError(404, "not_found", PAYMENT_METHOD_NOT_FOUND_MESSAGE);
  return Response.json({ data: method }, { headers: noStore });
}

/**
 * PATCH `{ "is_default": true }`: make it the default (the only change a saved card accepts);
 * DELETE: remove it (when it was the default, the newest remaining card becomes the default).
 */
export async function action({ request, params }: Route.ActionArgs) {
  const method = request.method;
  if (method !== "PATCH" && method !== "DELETE") return jsonError(405, "method_not_allowed", "Méthode non autorisée");
  const session = await requireApiUser(request);
  if (session instanceof Response) return session;
  const db = await getDb();
  const userId = session.user.id;

  if (method === "DELETE") {
    const result = await deletePaymentMethod(db, userId, params.id);
    if (!result.ok) return failureResponse(result);
    return Response.json({ data: { id: result.id, deleted: true, new_default_id: result.newDefaultId } }, { headers: noStore });
  }

  const body = await readJsonBody(request);
  if (body === undefined) return jsonError(400, "invalid_body", "Corps de requête JSON invalide");
  if (!PaymentMethodPatchSchema.safeParse(body).success) {
    return jsonError(400, "invalid_body", "Seul { \"is_default\": true } est accepté");
  }
  const result = await setDefaultPaymentMethod(db, userId, params.id);
  if (!result.ok) return failureResponse(result);
  return Response.json({ data: result.paymentMethod }, { headers: noStore });
}
