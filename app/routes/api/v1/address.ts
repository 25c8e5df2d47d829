import type { Route } from "./+types/address";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { failureResponse, jsonError, readJsonBody } from "~/.server/http";
import {
  ADDRESS_NOT_FOUND_MESSAGE,
  deleteAddress,
  getAddress,
  setDefaultAddress,
  updateAddress,
} from "~/.server/modules/addresses/addresses.service";
import { AddressActionSchema } from "~/domain/addresses/address.schema";
import { noStore } from "~/lib/http-cache";

/** GET /api/v1/addresses/:id: one of the user's own addresses (someone else's id is a 404). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireApiUser(request);
  const address = await getAddress(await getDb(), session.user.id, params.id);
  if (!address) return jsonError(404, "not_found", ADDRESS_NOT_FOUND_MESSAGE);
  return Response.json({ data: address }, { headers: noStore });
}

/**
 * PATCH: change fields (`{ "is_default": true }` makes it the default);
 * POST `{ "action": "set_default" }`: make it the default; DELETE: remove it (not the default).
 */
export const action = apiAction({ PATCH: handlePatch, POST: handlePost, DELETE: handleDelete });

async function handleDelete({ request, params }: Route.ActionArgs) {
  const session = await requireApiUser(request);
  const result = await deleteAddress(await getDb(), session.user.id, params.id);
  if (!result.ok) return failureResponse(result);
  return Response.json({ data: { id: result.id, deleted: true } }, { headers: noStore });
}

async function handlePost({ request, params }: Route.ActionArgs) {
  const session = await requireApiUser(request);
  const db = await getDb();
  const body = await readJsonBody(request);
  if (body === undefined) return jsonError(400, "invalid_body", "Corps de requête JSON invalide");
  const parsed = AddressActionSchema.safeParse(body);
  if (!parsed.success) return jsonError(400, "invalid_body", "Action inconnue (attendu : set_default)");
  const result = await setDefaultAddress(db, session.user.id, params.id);
  if (!result.ok) return failureResponse(result);
  return Response.json({ data: result.address }, { headers: noStore });
}

async function handlePatch({ request, params }: Route.ActionArgs) {
  const session = await requireApiUser(request);
  const db = await getDb();
  const body = await readJsonBody(request);
  if (body === undefined) return jsonError(400, "invalid_body", "Corps de requête JSON invalide");
  const result = await updateAddress(db, session.user.id, params.id, body);
  if (!result.ok) return failureResponse(result);
  return Response.json({ data: result.address }, { headers: noStore });
}
