import type { Route } from "./+types/payment-method-setup-intents";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, dataResponse, methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { getPaymentProvider } from "~/.server/modules/payments/payment-provider";
import { startCardSetup } from "~/.server/workflows/saved-cards";

/**
 * POST /api/v1/payment-methods/setup-intents: starts saving a card in Stripe's own form (decision
 * 059, "Saved cards"): the SetupIntent's id and client secret, for Stripe.js's `confirmSetup`.
 * A 404 when the shop does not take cards by Stripe (the demonstration).
 */
export const action = apiAction({
  POST: async ({ request }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    const db = await getDb();
    const started = await startCardSetup(db, getPaymentProvider(db), { userId: session.user.id, email: session.user.email });
    return dataResponse(started, { status: 201 });
  },
});

export const loader = methodNotAllowed;
