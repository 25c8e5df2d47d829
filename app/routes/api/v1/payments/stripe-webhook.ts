import type { Route } from "./+types/stripe-webhook";
import { apiAction, dataResponse, methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { receiveStripeWebhook } from "~/.server/workflows/stripe-webhooks";

/**
 * POST /api/v1/payments/stripe/webhook: Stripe's events about the shop's payments (decision 059,
 * "Webhooks"). No session and no JSON parsing: the signature is the guard, and it is checked on
 * the exact bytes Stripe sent, so the body is read raw. 200 once the event is handled (or was
 * already, or is of no interest); 400 for a bad signature; 404 when the shop does not take cards
 * by Stripe (the demonstration). Any other failure is a 5xx and Stripe sends the event again.
 */
export const action = apiAction({
  POST: async ({ request }: Route.ActionArgs) => {
    const payload = new Uint8Array(await request.arrayBuffer());
    const result = await receiveStripeWebhook(await getDb(), { payload, signature: request.headers.get("stripe-signature") });
    return dataResponse({
      received: true,
      event_id: result.eventId,
      type: result.type,
      outcome: result.outcome,
      replayed: result.replayed,
    });
  },
});

export const loader = methodNotAllowed;
