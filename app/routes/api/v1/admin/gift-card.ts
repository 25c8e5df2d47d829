import type { Route } from "./+types/gift-card";
import { requireAdminApi } from "~/.server/api/admin-api";
import { apiLoader, dataResponse, found, methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { getAdminGiftCard, GIFT_CARD_NOT_FOUND } from "~/.server/modules/gift-cards/gift-cards.service";

/** GET /api/v1/admin/gift-cards/{id}: one card and its ledger (issue, uses, refunds). */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  await requireAdminApi(request, "promotions", "read", "gift_cards.read");
  return dataResponse(found(await getAdminGiftCard(await getDb(), params.id), GIFT_CARD_NOT_FOUND));
});

export const action = methodNotAllowed;
