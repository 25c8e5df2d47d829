import type { Route } from "./+types/addresses";
import { requireApiUser } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { failureResponse, jsonError, readJsonBody } from "~/.server/http";
import { createAddress, listAddresses } from "~/.server/modules/addresses/addresses.service";

const noStore = { "Cache-Control": "no-store" };

/** GET /api/v1/addresses: the signed-in user's address book, the default first. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireApiUser(request);
  if (session instanceof Response) return session;
  const addresses = await listAddresses(await getDb(), session.user.id);
  return Response.json({ data: addresses }, { headers: noStore });
}

/** POST /api/v1/addresses: saves a new address (the first one becomes the default). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "method_not_allowed", "Méthode non autorisée");
  const session = await requireApiUser(request);
  if (session instanceof Response) return session;
  const body = await readJsonBody(request);
  if (body === undefined) return jsonError(400, "invalid_body", "Corps de requête JSON invalide");
  const result = await createAddress(await getDb(), session.user.id, body);
  if (!result.ok) return failureResponse(result);
  return Response.json({ data: result.address }, { status: 201, headers: noStore });
}
