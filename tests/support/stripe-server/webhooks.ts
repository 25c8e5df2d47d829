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

/**
 * A `charge.dispute.created` event about the PaymentIntent's charge, as Stripe sends it when the
 * cardholder's bank opens a chargeback (the local server has no disputes of its own). `dueBy`:
 * the last day to answer, in seconds (Stripe's `evidence_details.due_by`; 0 when no answer is allowed).
 */
export function disputeCreatedEvent(
  server: StripeServer,
  paymentIntentId: string,
  options: { reason?: string; amount?: number; dueBy?: number; disputeId?: string } = {},
): StripeEventJson {
  const intent = server.paymentIntent(paymentIntentId);
  const charge = typeof intent?.latest_charge === "string" ? intent.latest_charge : intent?.latest_charge?.id;
  if (!intent || !charge || intent.status !== "succeeded") throw new Error(`no succeeded PaymentIntent ${paymentIntentId} to dispute`);
  const created = Math.floor(Date.now() / 1000);
  const dispute = {
    id: options.disputeId ?? `dp_${randomBytes(12).toString("hex")}`,
    object: "dispute",
    amount: options.amount ?? intent.amount_received,
    balance_transactions: [],
    charge,
    created,
    currency: intent.currency,
    enhanced_eligibility_types: [],
    evidence_details: {
      due_by: options.dueBy ?? created + 7 * 86_400,
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
      submission_method: "not_submitted",
    },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: intent.id,
    reason: options.reason ?? "fraudulent",
    status: "needs_response",
  } satisfies Partial<Stripe.Dispute>;
  return {
    id: `evt_${randomBytes(12).toString("hex")}`,
    object: "event",
    api_version: LOCAL_STRIPE_API_VERSION,
    created,
    data: { object: dispute },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: "charge.dispute.created",
  };
}

/**
 * A later event about the dispute of `opened` (a `charge.dispute.created` event): Stripe's
 * `charge.dispute.updated` once the shop has answered (`under_review`), or
 * `charge.dispute.closed` once the bank decided (`won`, `lost`), carrying the dispute as it is
 * then. `created`: the event's time in seconds (Stripe delivers in no promised order; by default
 * a minute after the opening); `dueBy` replaces the day to answer.
 */
export function disputeChangedEvent(
  opened: StripeEventJson,
  type: "charge.dispute.updated" | "charge.dispute.closed",
  changes: { status: string; created?: number; dueBy?: number | null },
): StripeEventJson {
  const dispute = opened.data.object as Stripe.Dispute;
  const answered = changes.status !== "needs_response" && changes.status !== "warning_needs_response";
  return {
    ...opened,
    id: `evt_${randomBytes(12).toString("hex")}`,
    created: changes.created ?? opened.created + 60,
    data: {
      object: {
        ...dispute,
        status: changes.status,
        evidence_details: {
          ...dispute.evidence_details,
          ...(changes.dueBy === undefined ? {} : { due_by: changes.dueBy }),
          has_evidence: answered,
          submission_count: answered ? 1 : 0,
        },
      },
      previous_attributes: { status: dispute.status },
    },
    type,
  };
}
