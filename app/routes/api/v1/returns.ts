import type { Route } from "./+types/returns";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiLoader, dataResponse, methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { listReturnsOfUser } from "~/.server/modules/returns/returns.service";

/** GET /api/v1/returns: the shopper's returns, newest first. */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  const session = await requireApiUser(request);
  return dataResponse(await listReturnsOfUser(await getDb(), session.user.id));
});

export const action = methodNotAllowed;
