import type { Route } from "./+types/orders";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, apiLoader, dataResponse, issueDetails, validate, type InvalidBodyMessage } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { jsonError, readJson } from "~/.server/http";
import { isDomainError } from "~/domain/errors";
import { listOrders } from "~/.server/workflows/order-views";
import { placeOrder } from "~/.server/workflows/place-order";
import { placedOrderResponse } from "~/.server/api/placed-order-response";
import { countUnknownGiftCardCodes, giftCardCodesAllowed } from "~/.server/modules/gift-cards/gift-card-checkout.service";
import { GIFT_CARD_REDEMPTION_MESSAGES } from "~/.server/modules/gift-cards/gift-cards.service";
import { IDEMPOTENCY_KEY_PATTERN, PlaceOrderSchema } from "~/domain/checkout/checkout.schema";

/** Every issue in `details`; the message names the first one. */
const validationFailed: InvalidBodyMessage = (issues) => ({
  message: `Erreur de validation: ${issues[0]?.message ?? ""}`,
  details: issueDetails(issues),
});

/** GET /api/v1/orders: the signed-in shopper's orders with their items, newest first. */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  const session = await requireApiUser(request);
  return dataResponse(await listOrders(await getDb(), session.user.id));
});

/**
 * POST /api/v1/orders: places the order. Needs an `Idempotency-Key` header (one per attempt):
 * the same key again returns the first order (200) instead of creating a second one (201).
 * When the bank asks the shopper to authenticate it answers 402 `authentication_required` with
 * `next_action: { type: "authenticate", authentication_id }` (docs/decisions/034-saved-cards-and-3ds.md).
 */
export const action = apiAction({
  POST: async ({ request }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    const key = request.headers.get("idempotency-key")?.trim() ?? "";
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      return jsonError(400, "idempotency_key_required", "En-tête Idempotency-Key manquant ou invalide (8 à 100 caractères)");
    }
    const order = validate(PlaceOrderSchema, (await readJson(request)) ?? {}, validationFailed);
    // Gift card codes: the same guessing limit as the balance check, so checkout is no way round it.
    const db = await getDb();
    if (order.gift_card_codes.length > 0 && !(await giftCardCodesAllowed(db, request))) {
      return jsonError(429, "too_many_gift_card_checks", GIFT_CARD_REDEMPTION_MESSAGES.tooMany);
    }
    const result = await placeOrder(db, { userId: session.user.id, idempotencyKey: key, request: order }).catch(async (error: unknown) => {
      if (isDomainError(error) && error.code === "gift_card_refused") await countUnknownGiftCardCodes(db, request, [error]);
      throw error;
    });
    return placedOrderResponse(result);
  },
});
