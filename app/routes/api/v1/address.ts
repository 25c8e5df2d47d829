import type { Route } from "./+types/address";
import { requireApiUser } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { failureResponse, jsonError, readJsonBody } from "~/.server/http";
import {
  ADDRESS_NOT_FOUND_MESSAGE,
  deleteAddress,
  getAddress,
  setDefaultAddress,
  updateAddress,
} from "~/.server/modules/addresses/addresses.service";
import { AddressActionSchema } from "~/features/addresses/address.schema";

const noStore = { "Cache-Control": "no-store" };

/** GET /api/v1/addresses/:id: one of the user's own addresses (someone else's id is a 404). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireApiUser(request);
  if (session instanceof Response) return session;
  const address = await getAddress(await getDb(), session.user.id, params.id);
  if (!address) return jsonError(404, "not_found", ADDRESS_NOT_FOUND_MESSAGE);
  return Response.json({ data: address }, { headers: noStore });
}

/**
 * PATCH: change fields (`{ "is_default": true }` makes it the default);
 * POST `{ "action": "set_default" }`: make it the default; DELETE: remove it (not the default).
 */
export async function action({ request, params }: Route.ActionArgs) {
  const method = request.method;
  if (method !== "PATCH" && method !== "POST" && method !== "DELETE") {
    return jsonError(405, "method_not_allowed", "Méthode non autorisée");
  }
  const session = await requireApiUser(request);
  if (session instanceof Response) return session;
  const db = await getDb();
  const userId = session.user.id;

  if (method === "DELETE") {
    const result = await deleteAddress(db, userId, params.id);
    if (!result.ok) return failureResponse(result);
    return Response.json({ data: { id: result.id, deleted: true } }, { headers: noStore });
  }

  const body = await readJsonBody(request);
  if (body === undefined) return jsonError(400, "invalid_body", "Corps de requête JSON invalide");
  if (method === "POST") {
    const parsed = AddressActionSchema.safeParse(body);
    if (!parsed.success) return jsonError(400, "invalid_body", "Action inconnue (attendu : set_default)");
    const result = await setDefaultAddress(db, userId, params.id);
    if (!result.ok) return failureResponse(result);
    return Response.json({ data: result.address }, { headers: noStore });
  }
  const result = await updateAddress(db, userId, params.id, body);
  if (!result.ok) return failureResponse(result);
  return Response.json({ data: result.address }, { headers: noStore });
}
