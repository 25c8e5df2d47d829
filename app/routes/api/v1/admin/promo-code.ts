import { z } from "zod";
import type { Route } from "./+types/promo-code";
import { requireAdminApi } from "~/.server/api/admin-api";
import { apiAction, apiLoader, dataResponse, found, readJsonObject, readValidJson } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import {
  deletePromoCode,
  getAdminPromoCode,
  setPromoCodeActive,
  updatePromoCode,
} from "~/.server/modules/promotions/promo-codes-admin.service";
import { PROMO_FORM_MESSAGES } from "~/domain/promotions/promotions.schema";

const ACTIVE_MESSAGE = "Requête invalide : active (true ou false) est attendu";
const ActiveSchema = z.object({ active: z.boolean({ error: ACTIVE_MESSAGE }) }, { error: ACTIVE_MESSAGE });

/** GET /api/v1/admin/promo-codes/{id}: one code. */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  await requireAdminApi(request, "promotions", "read");
  return dataResponse(found(await getAdminPromoCode(await getDb(), params.id), PROMO_FORM_MESSAGES.notFound));
});

/**
 * PUT {the creation's fields}: 'Modifier' (the whole form again). PATCH {active}: disable or
 * enable. DELETE: a code no order used (a used one is disabled instead: 409 promo_code_used).
 */
export const action = apiAction({
  PUT: async ({ request, params }: Route.ActionArgs) => {
    const { actor } = await requireAdminApi(request, "promotions", "write");
    const body = await readJsonObject(request);
    return dataResponse(await updatePromoCode(await getDb(), params.id, body, actor));
  },
  PATCH: async ({ request, params }: Route.ActionArgs) => {
    const { actor } = await requireAdminApi(request, "promotions", "write");
    const { active } = await readValidJson(request, ActiveSchema, ACTIVE_MESSAGE);
    return dataResponse(await setPromoCodeActive(await getDb(), params.id, active, actor));
  },
  DELETE: async ({ request, params }: Route.ActionArgs) => {
    const { actor } = await requireAdminApi(request, "promotions", "write");
    const deleted = await deletePromoCode(await getDb(), params.id, actor);
    return dataResponse({ ...deleted, deleted: true });
  },
});
