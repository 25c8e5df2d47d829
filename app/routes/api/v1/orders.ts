import type { Route } from "./+types/orders";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { apiErrorResponse } from "~/.server/error-responses";
import { isDomainError } from "~/domain/errors";
import { jsonError, jsonOk, readJson } from "~/.server/http";
import { listOrders } from "~/.server/modules/orders/orders.service";
import { placeOrder } from "~/.server/workflows/place-order";
import { countUnknownGiftCardCodes, giftCardCodesAllowed } from "~/.server/modules/gift-cards/gift-card-checkout.service";
import { GIFT_CARD_REDEMPTION_MESSAGES } from "~/.server/modules/gift-cards/gift-cards.service";
import { IDEMPOTENCY_KEY_PATTERN, PlaceOrderSchema } from "~/domain/checkout/checkout.schema";

/** GET /api/v1/orders: the signed-in shopper's orders with their items, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireApiUser(request);
  const orders = await listOrders(await getDb(), session.user.id);
  return jsonOk({ data: orders });
}

/**
 * POST /api/v1/orders: places the order. Needs an `Idempotency-Key` header (one per attempt):
 * the same key again returns the first order (200) instead of creating a second one (201).
 */
export const action = apiAction({ POST: handlePost });

async function handlePost({ request }: Route.ActionArgs) {
  const session = await requireApiUser(request);
  const key = request.headers.get("idempotency-key")?.trim() ?? "";
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    return jsonError(400, "idempotency_key_required", "En-tête Idempotency-Key manquant ou invalide (8 à 100 caractères)");
  }
  const body = await readJson(request);
  const parsed = PlaceOrderSchema.safeParse(body ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ field: i.path.join("."), message: i.message }));
    return jsonError(400, "invalid_body", `Erreur de validation: ${issues[0]?.message ?? ""}`, issues);
  }
  // Gift card codes: the same guessing limit as the balance check, so checkout is no way round it.
  if (parsed.data.gift_card_codes.length > 0 && !giftCardCodesAllowed(request)) {
    return jsonError(429, "too_many_gift_card_checks", GIFT_CARD_REDEMPTION_MESSAGES.tooMany);
  }
  try {
    const result = await placeOrder(await getDb(), {
      userId: session.user.id,
      idempotencyKey: key,
      request: parsed.data,
    });
    return Response.json(
      { data: result.order },
      { status: result.replayed ? 200 : 201, headers: { "Cache-Control": "no-store", Location: `/api/v1/orders/${result.order.id}` } },
    );
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.code === "gift_card_refused") countUnknownGiftCardCodes(request, [error]);
    return apiErrorResponse(error);
  }
}
