import type { Route } from "./+types/returns";
import { requireAdminApi } from "~/.server/api/admin-api";
import { apiLoader, dataResponse, methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { listAdminReturns } from "~/.server/modules/returns/returns.service";
import { readAdminReturnQuery } from "~/domain/returns/returns";

/** GET /api/v1/admin/returns?status=&page=: the back-office's returns, newest first. */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  await requireAdminApi(request, "returns", "read");
  const query = readAdminReturnQuery(new URL(request.url).searchParams);
  return dataResponse(await listAdminReturns(await getDb(), query));
});

export const action = methodNotAllowed;
