/**
 * Signed Stripe webhook deliveries for tests: the body Stripe would POST and its
 * `Stripe-Signature` header, signed with the SDK's own `generateTestHeaderString` so that the
 * shop's `stripe.webhooks.constructEvent` accepts it exactly as it would a real delivery.
 */
import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { LOCAL_STRIPE_API_VERSION, type StripeEventJson, type StripeServer } from "./server";

export type SignedDelivery = { event: StripeEventJson; payload: string; header: string };

/** Signs an event's body (as Stripe does: `t=<time>,v1=<HMAC-SHA256>`); `timestamp` in seconds, to test stale deliveries. */
export function signDelivery(event: StripeEventJson, secret: string, timestamp?: number): SignedDelivery {
  const payload = JSON.stringify(event, null, 2);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });
  return { event, payload, header };
}

/** A new event of `type` about the PaymentIntent as the local server holds it now. */
export function paymentIntentEvent(server: StripeServer, paymentIntentId: string, type: string): StripeEventJson {
  const intent = server.paymentIntent(paymentIntentId);
  if (!intent) throw new Error(`no PaymentIntent ${paymentIntentId} on the local Stripe server`);
  return {
    id: `evt_${randomBytes(12).toString("hex")}`,
    object: "event",
    api_version: LOCAL_STRIPE_API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object: intent },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** A signed delivery of an event about a PaymentIntent (`payment_intent.succeeded`, …), with the server's webhook secret. */
export function signedPaymentIntentEvent(
  server: StripeServer,
  paymentIntentId: string,
  type: string,
  options: { secret?: string; timestamp?: number } = {},
): SignedDelivery {
  return signDelivery(paymentIntentEvent(server, paymentIntentId, type), options.secret ?? server.webhookSecret, options.timestamp);
}

/** A signed delivery of the latest event of `type` the server recorded (what Stripe would send next). */
export function signedRecordedEvent(
  server: StripeServer,
  type: string,
  options: { secret?: string; timestamp?: number } = {},
): SignedDelivery {
  const event = server
    .events()
    .filter((e) => e.type === type)
    .at(-1);
  if (!event) throw new Error(`the local Stripe server recorded no ${type} event`);
  return signDelivery(event, options.secret ?? server.webhookSecret, options.timestamp);
}
