import type { Route } from "./+types/clients";
import { requireAdminApi } from "~/.server/api/admin-api";
import { cursorPageResponse, readAdminListWindow, wantsCursorWalk } from "~/.server/api/admin-api-lists";
import { apiLoader, dataResponse, methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { listAdminClients, listAdminClientsSince } from "~/.server/modules/accounts/clients-admin.service";
import { readAdminClientQuery } from "~/domain/customers/admin-clients.schema";

/**
 * GET /api/v1/admin/clients?search=&status=&page=: the back-office's clients (administrators are
 * not clients), newest account first. With cursor=, updated_since= or limit=: the walk by update
 * time (a profile edit updates the account), decision 049.
 */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  await requireAdminApi(request, "clients", "read");
  const params = new URL(request.url).searchParams;
  const db = await getDb();
  if (wantsCursorWalk(params)) {
    const window = readAdminListWindow(params, "text");
    return cursorPageResponse(await listAdminClientsSince(db, { ...window, limit: window.limit + 1 }), window.limit);
  }
  const query = readAdminClientQuery(params);
  return dataResponse(await listAdminClients(db, { search: query.search, status: query.status, page: query.page }));
});

export const action = methodNotAllowed;
