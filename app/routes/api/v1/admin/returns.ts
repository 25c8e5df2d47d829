import { adminListLoader } from "~/.server/api/admin-api-lists";
import { dataResponse, methodNotAllowed } from "~/.server/api/route";
import { listAdminReturns, listAdminReturnsSince } from "~/.server/modules/returns/returns.service";
import { readAdminReturnQuery } from "~/domain/returns/returns";

/**
 * GET /api/v1/admin/returns?status=&page=: the back-office's returns, newest first. With cursor=,
 * updated_since= or limit=: the walk by update time (a reception and its refund update a return).
 */
export const loader = adminListLoader("returns", (params, db) => {
  const query = readAdminReturnQuery(params);
  return {
    ids: "uuid",
    walk: (window) => listAdminReturnsSince(db, { status: query.status, window, limit: window.limit }),
    pages: async () => dataResponse(await listAdminReturns(db, query)),
  };
});

export const action = methodNotAllowed;
