import type { Route } from "./+types/orders";
import { requireApiAdmin } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { jsonError, jsonOk } from "~/.server/http";
import { listAdminOrders } from "~/.server/modules/orders/orders-admin.service";
import { AdminOrderQuerySchema, INVALID_QUERY_MESSAGE } from "~/domain/orders/admin-orders.schema";

/** GET /api/v1/admin/orders?search=&status=&page=&page_size=: every order, newest first, one page. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireApiAdmin(request);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = AdminOrderQuerySchema.safeParse(params);
  if (!parsed.success) return jsonError(400, "invalid_query", parsed.error.issues[0]?.message ?? INVALID_QUERY_MESSAGE);
  const { search, status, page, page_size } = parsed.data;
  const result = await listAdminOrders(await getDb(), { search, status, page, pageSize: page_size });
  return jsonOk({
    data: result.rows,
    pagination: { page: result.page, page_size: result.page_size, total: result.total, page_count: result.page_count },
  });
}
