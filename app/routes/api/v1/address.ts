import type { Route } from "./+types/address";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, apiLoader, dataResponse, found, readJsonObject, validate } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import {
  ADDRESS_NOT_FOUND_MESSAGE,
  deleteAddress,
  getAddress,
  setDefaultAddress,
  updateAddress,
} from "~/.server/modules/addresses/addresses.service";
import { AddressActionSchema } from "~/domain/addresses/address.schema";

/** GET /api/v1/addresses/:id: one of the user's own addresses (someone else's id is a 404). */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  const session = await requireApiUser(request);
  return dataResponse(found(await getAddress(await getDb(), session.user.id, params.id), ADDRESS_NOT_FOUND_MESSAGE));
});

/**
 * PATCH: change fields (`{ "is_default": true }` makes it the default);
 * POST `{ "action": "set_default" }`: make it the default; DELETE: remove it (not the default).
 */
export const action = apiAction({
  PATCH: async ({ request, params }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    const body = await readJsonObject(request);
    return dataResponse(await updateAddress(await getDb(), session.user.id, params.id, body));
  },
  POST: async ({ request, params }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    validate(AddressActionSchema, await readJsonObject(request), "Action inconnue (attendu : set_default)");
    return dataResponse(await setDefaultAddress(await getDb(), session.user.id, params.id));
  },
  DELETE: async ({ request, params }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    const { id } = await deleteAddress(await getDb(), session.user.id, params.id);
    return dataResponse({ id, deleted: true });
  },
});
