import type { Route } from "./+types/promo-codes";
import { requireAdminApi } from "~/.server/api/admin-api";
import { cursorPageResponse, readAdminListWindow, wantsCursorWalk } from "~/.server/api/admin-api-lists";
import { apiAction, apiLoader, dataResponse, readJsonObject } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { createPromoCode, listAdminPromoCodes, listAdminPromoCodesSince } from "~/.server/modules/promotions/promo-codes-admin.service";

/**
 * GET /api/v1/admin/promo-codes: every code, newest first, as the back-office lists them. With
 * cursor=, updated_since= or limit=: the walk by update time (decision 049).
 */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  await requireAdminApi(request, "promotions", "read");
  const params = new URL(request.url).searchParams;
  const db = await getDb();
  if (wantsCursorWalk(params)) {
    const window = readAdminListWindow(params, "uuid");
    return cursorPageResponse(await listAdminPromoCodesSince(db, { ...window, limit: window.limit + 1 }), window.limit);
  }
  return dataResponse(await listAdminPromoCodes(db));
});

/**
 * POST /api/v1/admin/promo-codes {code, kind, value, min_order, starts_on, ends_on, usage_limit,
 * per_customer_limit, customer_email, category_ids, description}: 'Nouveau code', the form's
 * fields and French messages (201).
 */
export const action = apiAction({
  POST: async ({ request }: Route.ActionArgs) => {
    const { actor } = await requireAdminApi(request, "promotions", "write");
    const body = await readJsonObject(request);
    return dataResponse(await createPromoCode(await getDb(), body, actor), { status: 201 });
  },
});
