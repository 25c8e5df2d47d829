import type { Route } from "./+types/returns";
import { requireAdminApi } from "~/.server/api/admin-api";
import { cursorPageResponse, readAdminListWindow, wantsCursorWalk } from "~/.server/api/admin-api-lists";
import { apiLoader, dataResponse, methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { listAdminReturns, listAdminReturnsSince } from "~/.server/modules/returns/returns.service";
import { readAdminReturnQuery } from "~/domain/returns/returns";

/**
 * GET /api/v1/admin/returns?status=&page=: the back-office's returns, newest first. With cursor=,
 * updated_since= or limit=: the walk by update time (a reception and its refund update a return).
 */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  await requireAdminApi(request, "returns", "read");
  const params = new URL(request.url).searchParams;
  const query = readAdminReturnQuery(params);
  if (wantsCursorWalk(params)) {
    const window = readAdminListWindow(params, "uuid");
    const rows = await listAdminReturnsSince(await getDb(), { status: query.status, window, limit: window.limit + 1 });
    return cursorPageResponse(rows, window.limit);
  }
  return dataResponse(await listAdminReturns(await getDb(), query));
});

export const action = methodNotAllowed;
