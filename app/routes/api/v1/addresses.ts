import type { Route } from "./+types/addresses";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { failureResponse, jsonError, readJsonBody } from "~/.server/http";
import { createAddress, listAddresses } from "~/.server/modules/addresses/addresses.service";
import { noStore } from "~/lib/http-cache";

/** GET /api/v1/addresses: the signed-in user's address book, the default first. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireApiUser(request);
  const addresses = await listAddresses(await getDb(), session.user.id);
  return Response.json({ data: addresses }, { headers: noStore });
}

/** POST /api/v1/addresses: saves a new address (the first one becomes the default). */
export const action = apiAction({ POST: handlePost });

async function handlePost({ request }: Route.ActionArgs) {
  const session = await requireApiUser(request);
  const body = await readJsonBody(request);
  if (body === undefined) return jsonError(400, "invalid_body", "Corps de requête JSON invalide");
  const result = await createAddress(await getDb(), session.user.id, body);
  if (!result.ok) return failureResponse(result);
  return Response.json({ data: result.address }, { status: 201, headers: noStore });
}
