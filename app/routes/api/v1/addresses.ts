import type { Route } from "./+types/addresses";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, apiLoader, dataResponse, readJsonObject } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { createAddress, listAddresses } from "~/.server/modules/addresses/addresses.service";

/** GET /api/v1/addresses: the signed-in user's address book, the default first. */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  const session = await requireApiUser(request);
  return dataResponse(await listAddresses(await getDb(), session.user.id));
});

/** POST /api/v1/addresses: saves a new address (the first one becomes the default). */
export const action = apiAction({
  POST: async ({ request }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    const body = await readJsonObject(request);
    return dataResponse(await createAddress(await getDb(), session.user.id, body), { status: 201 });
  },
});
