import type { Route } from "./+types/payment-method";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, apiLoader, dataResponse, found, readJsonObject, validate } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import {
  PAYMENT_METHOD_NOT_FOUND_MESSAGE,
  deletePaymentMethod,
  getPaymentMethod,
  setDefaultPaymentMethod,
} from "~/.server/modules/payment-methods/payment-methods.service";
import { PaymentMethodPatchSchema } from "~/domain/payment-methods/payment-method.schema";

/** GET /api/v1/payment-methods/:id: one of the user's own cards (someone else's id is a 404). */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  const session = await requireApiUser(request);
  const method = await getPaymentMethod(await getDb(), session.user.id, params.id);
  return dataResponse(found(method, PAYMENT_METHOD_NOT_FOUND_MESSAGE));
});

/**
 * PATCH `{ "is_default": true }`: make it the default (the only change a saved card accepts);
 * DELETE: remove it (when it was the default, the newest remaining card becomes the default).
 */
export const action = apiAction({
  PATCH: async ({ request, params }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    validate(PaymentMethodPatchSchema, await readJsonObject(request), 'Seul { "is_default": true } est accepté');
    return dataResponse(await setDefaultPaymentMethod(await getDb(), session.user.id, params.id));
  },
  DELETE: async ({ request, params }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    const { id, newDefaultId } = await deletePaymentMethod(await getDb(), session.user.id, params.id);
    return dataResponse({ id, deleted: true, new_default_id: newDefaultId });
  },
});
