import type { Route } from "./+types/order-shipping-address";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, dataResponse, methodNotAllowed, readJsonObject } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { changeOrderAddress } from "~/.server/workflows/change-order-address";

/**
 * PUT /api/v1/orders/:id/shipping-address {address_id}: sends the shopper's pending order, within
 * the hour after it was placed, to another of their saved addresses in the same delivery zone.
 */
export const action = apiAction({
  PUT: async ({ request, params }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    const body = await readJsonObject(request);
    const order = await changeOrderAddress(await getDb(), { userId: session.user.id, orderId: params.id, addressId: body.address_id });
    return dataResponse(order);
  },
});

export const loader = methodNotAllowed;
