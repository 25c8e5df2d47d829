import { adminListLoader } from "~/.server/api/admin-api-lists";
import { dataResponse, methodNotAllowed } from "~/.server/api/route";
import { listAdminClients, listAdminClientsSince } from "~/.server/modules/accounts/clients-admin.service";
import { readAdminClientQuery } from "~/domain/customers/admin-clients.schema";

/**
 * GET /api/v1/admin/clients?search=&status=&page=: the back-office's clients (administrators are
 * not clients), newest account first. With cursor=, updated_since= or limit=: the walk by update
 * time (a profile edit updates the account), decision 049.
 */
export const loader = adminListLoader("clients", (params, db) => ({
  ids: "text",
  walk: (window) => listAdminClientsSince(db, window),
  pages: async () => {
    const query = readAdminClientQuery(params);
    return dataResponse(await listAdminClients(db, { search: query.search, status: query.status, page: query.page }));
  },
}));

export const action = methodNotAllowed;
