import type { Route } from "./+types/payment-methods";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, apiLoader, dataResponse, readJsonObject } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { addPaymentMethod, listPaymentMethods } from "~/.server/modules/payment-methods/payment-methods.service";
import { getPaymentProvider } from "~/.server/modules/payments/payment-provider";

/** GET /api/v1/payment-methods: the signed-in user's saved cards, the default first. */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  const session = await requireApiUser(request);
  return dataResponse(await listPaymentMethods(await getDb(), session.user.id));
});

/**
 * POST /api/v1/payment-methods: `{ number, expiry, holder, is_default? }`; the number goes once to
 * the payment provider, only its token and what the shopper sees are kept (the first card becomes
 * the default). With Stripe a number is refused (400 `card_number_refused`): cards are saved in
 * Stripe's own form through /api/v1/payment-methods/setup-intents (decision 059, "Saved cards").
 */
export const action = apiAction({
  POST: async ({ request }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    const body = await readJsonObject(request);
    const db = await getDb();
    return dataResponse(await addPaymentMethod(db, getPaymentProvider(db), session.user.id, body), { status: 201 });
  },
});
