import type { Route } from "./+types/orders";
import { requireApiAdmin } from "~/.server/auth/session.server";
import { apiLoader, firstIssue, validate } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { jsonOk } from "~/.server/http";
import { listAdminOrders } from "~/.server/modules/orders/orders-admin.service";
import { AdminOrderQuerySchema, INVALID_QUERY_MESSAGE } from "~/domain/orders/admin-orders.schema";

/** GET /api/v1/admin/orders?search=&status=&page=&page_size=: every order, newest first, one page. */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  await requireApiAdmin(request);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const { search, status, page, page_size } = validate(AdminOrderQuerySchema, params, firstIssue(INVALID_QUERY_MESSAGE), "invalid_query");
  const result = await listAdminOrders(await getDb(), { search, status, page, pageSize: page_size });
  return jsonOk({
    data: result.rows,
    pagination: { page: result.page, page_size: result.page_size, total: result.total, page_count: result.page_count },
  });
});
