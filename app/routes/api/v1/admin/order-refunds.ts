import type { Route } from "./+types/order-refunds";
import { requireAdminApi } from "~/.server/api/admin-api";
import { requireRecentSecondFactor } from "~/.server/auth/session.server";
import { apiAction, apiLoader, dataResponse, found, readJsonObject } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { userIdOfActor } from "~/.server/modules/activity-log/activity-log.service";
import { ORDER_NOT_FOUND_MESSAGE } from "~/.server/modules/orders/orders.service";
import { getOrderRefunds, refundOrderAmount } from "~/.server/workflows/refund-order-amount";
import { invalid } from "~/domain/errors";
import { ORDER_REFUND_MESSAGES, REFUND_KEY_PATTERN } from "~/domain/orders/order-refunds";

/** GET /api/v1/admin/orders/{id}/refunds: the order's free-amount refunds and what is left to refund. */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  await requireAdminApi(request, "orders", "read");
  return dataResponse(found(await getOrderRefunds(await getDb(), params.id), ORDER_NOT_FOUND_MESSAGE));
});

/**
 * POST /api/v1/admin/orders/{id}/refunds {amount_cents, reason, client_reference?}: refunds a free
 * amount with its credit note (201). The `Idempotency-Key` header (or `client_reference`) makes a
 * retry answer the first refund (200) instead of paying twice (decision 052). A staff member's
 * session refunds up to the owner's limit with refunds.write (403 `refund_over_limit` above it),
 * beyond it with refunds.unlimited and a recent second factor (403 `second_factor_required`).
 */
export const action = apiAction({
  POST: async ({ request, params }: Route.ActionArgs) => {
    // A key by its orders:write scope; a session by refunds.write, then the limit on the amount.
    const { actor, session } = await requireAdminApi(request, "orders", "write", "refunds.write");
    const body = await readJsonObject(request);
    const header = request.headers.get("idempotency-key");
    const key = header !== null ? header.trim() : body.client_reference;
    if (key !== undefined && (typeof key !== "string" || !REFUND_KEY_PATTERN.test(key))) {
      throw invalid("invalid_idempotency_key", ORDER_REFUND_MESSAGES.keyInvalid, { field: "client_reference" });
    }
    const result = await refundOrderAmount(await getDb(), {
      orderId: params.id,
      amountCents: body.amount_cents,
      reason: body.reason,
      idempotencyKey: key ?? null,
      actor: { userId: userIdOfActor(actor), role: "admin", admin: actor },
      staff: session && {
        permissions: session.user.staff.permissions,
        confirmSecondFactor: () => requireRecentSecondFactor(session),
      },
    });
    return dataResponse(result, { status: result.replayed ? 200 : 201 });
  },
});
