import type { Route } from "./+types/payment-method-setup-intent-save";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, dataResponse, methodNotAllowed, readJsonObject } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { getPaymentProvider } from "~/.server/modules/payments/payment-provider";
import { saveCardFromSetup } from "~/.server/workflows/saved-cards";

/**
 * POST /api/v1/payment-methods/setup-intents/:id/save `{ holder, is_default? }`: saves the card
 * the shopper's confirmed SetupIntent attached (decision 059, "Saved cards"), with the same rules
 * as a card added by number (size limit, the same card again updated, the first one the default).
 */
export const action = apiAction({
  POST: async ({ request, params }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    const body = await readJsonObject(request);
    const db = await getDb();
    return dataResponse(await saveCardFromSetup(db, getPaymentProvider(db), session.user.id, params.id, body), { status: 201 });
  },
});

export const loader = methodNotAllowed;
