import type { Route } from "./+types/payment-authentication";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, methodNotAllowed, readValidJson } from "~/.server/api/route";
import { placedOrderResponse } from "~/.server/api/placed-order-response";
import { getDb } from "~/.server/db";
import { completeOrderAuthentication } from "~/.server/workflows/place-order";
import { PaymentAuthenticationBodySchema } from "~/.server/api/contracts/payment-authentication.contract";

/**
 * POST /api/v1/payment-authentications/:id: what the bank's page sends once the shopper has
 * passed (or failed) 3-D Secure. Success: the order is created (201). Failure: 402, nothing
 * charged. Once: a second answer is a 409; another shopper's authentication a 404.
 */
export const action = apiAction({
  POST: async ({ request, params }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    const body = await readValidJson(
      request,
      PaymentAuthenticationBodySchema,
      "Résultat d'authentification invalide (succeeded ou failed)",
    );
    const authenticationId = params.id.slice(0, 100);
    const result = await completeOrderAuthentication(await getDb(), { userId: session.user.id, authenticationId, result: body.result });
    return placedOrderResponse(result);
  },
});

export const loader = methodNotAllowed;
