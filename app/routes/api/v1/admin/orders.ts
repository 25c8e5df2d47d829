import { adminListLoader } from "~/.server/api/admin-api-lists";
import { firstIssue, validate } from "~/.server/api/route";
import { jsonOk } from "~/.server/http";
import { listAdminOrders, listAdminOrdersSince } from "~/.server/modules/orders/orders-admin.service";
import { AdminOrderApiQuerySchema, INVALID_QUERY_MESSAGE } from "~/domain/orders/admin-orders.schema";

/**
 * GET /api/v1/admin/orders?search=&status=&created_from=&created_to=: every order, one page.
 * With page= (or nothing): newest first, numbered pages. With cursor=, updated_since= or limit=:
 * the walk by update time a connector syncs with (decision 049).
 */
export const loader = adminListLoader("orders", (params, db) => {
  const query = validate(AdminOrderApiQuerySchema, Object.fromEntries(params), firstIssue(INVALID_QUERY_MESSAGE), "invalid_query");
  const filters = { search: query.search, status: query.status, createdFrom: query.created_from, createdTo: query.created_to };
  return {
    ids: "uuid",
    walk: (window) => listAdminOrdersSince(db, { ...filters, window, limit: window.limit }),
    pages: async () => {
      const result = await listAdminOrders(db, { ...filters, page: query.page, pageSize: query.page_size });
      return jsonOk({
        data: result.rows,
        pagination: { page: result.page, page_size: result.page_size, total: result.total, page_count: result.page_count },
      });
    },
  };
});
