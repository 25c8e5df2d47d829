import type { Route } from "./+types/promo-codes";
import { requireAdminApi } from "~/.server/api/admin-api";
import { adminListLoader } from "~/.server/api/admin-api-lists";
import { apiAction, dataResponse, readJsonObject } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { createPromoCode, listAdminPromoCodes, listAdminPromoCodesSince } from "~/.server/modules/promotions/promo-codes-admin.service";

/**
 * GET /api/v1/admin/promo-codes: every code, newest first, as the back-office lists them. With
 * cursor=, updated_since= or limit=: the walk by update time (decision 049).
 */
export const loader = adminListLoader("promotions", (_params, db) => ({
  ids: "uuid",
  walk: (window) => listAdminPromoCodesSince(db, window),
  pages: async () => dataResponse(await listAdminPromoCodes(db)),
}));

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
