/**
 * Stripe's webhook (decision 059, "Webhooks"): what Stripe tells the shop about its payments after
 * the fact, verified, handled once per event, each in one transaction.
 *
 * - The body is verified as Stripe sent it (the raw bytes and their `Stripe-Signature`, with the
 *   endpoint's signing secret): a bad or missing signature is refused and changes nothing.
 * - The event's id is claimed in the transaction that handles it (stripe_webhook_events): an event
 *   delivered again, or twice at once, is acknowledged and ignored.
 * - `payment_intent.succeeded`: the attempt still waiting for the provider's answer is marked
 *   charged (its checkout, or the browser back from the bank, then links it to the order; if no
 *   order comes, the reconciliation refunds it, decision 021). An amount or a currency other than
 *   the attempt's is refused and the administrators are told. A charge of an attempt's earlier
 *   try (the shopper has tried again since) paid no order: it is refunded under that try's refund key.
 * - `payment_intent.payment_failed`: the attempt still waiting is failed.
 * - `charge.refunded`: the shop's own refunds (they carry their refund key) settle an attempt
 *   whose refunder died before recording it; a refund made outside the shop is recorded once and
 *   the administrators are told.
 * - `charge.dispute.created`: the chargeback is recorded on the order and the administrators are told.
 * - `charge.dispute.updated` / `charge.dispute.closed`: the dispute's later status (and day to
 *   answer) is recorded, unless the shop holds a later report (Stripe's order is not promised);
 *   a dispute lost or won is told to the administrators once. A dispute the shop never recorded
 *   is recorded then, when its payment is known.
 * - A payment the shop does not know, or an event of another type: acknowledged, nothing changed.
 * Side effects for people (the bells) are domain events, run after the commit (decision 054).
 */
import Stripe from "stripe";
import type { Database, Executor } from "../db/client";
import { getEnv } from "../env";
import { log } from "../logger";
import { recordEvent } from "../outbox/events";
import { getOrderRow } from "../modules/orders/orders.service";
import {
  findEarlierTryOfPayment,
  findEarlierTryOfRefundKey,
  lockAttemptOfProviderPayment,
  markAttemptChargedByProvider,
  markAttemptFailedByProvider,
  markAttemptRefundedByProvider,
  refundKeyOf,
  type EarlierTry,
  type PaymentAttempt,
} from "../modules/payments/payment-attempts.service";
import { getPaymentProvider } from "../modules/payments/payment-provider";
import {
  recordExternalRefund,
  recordPaymentDispute,
  reportPaymentDisputeStatus,
  type PaymentDispute,
} from "../modules/payments/payment-reports.service";
import type { StripePaymentProvider } from "../modules/payments/stripe/stripe-provider";
import { claimStripeEvent, findStripeEvent, settleStripeEvent } from "../modules/payments/stripe/stripe-webhook-events.service";
import { invalid, notFound } from "~/domain/errors";
import { disputeResponseState } from "~/domain/payments/order-payments";
import { disputeClosedNotice, disputeOpenedNotice, paymentMismatchNotice, refundedOutsideNotice } from "~/domain/payments/payment-alerts";
import {
  STRIPE_EVENT_UNREADABLE_MESSAGE,
  STRIPE_SIGNATURE_INVALID_MESSAGE,
  STRIPE_SIGNATURE_MISSING_MESSAGE,
  STRIPE_WEBHOOK_NOT_FOUND_MESSAGE,
  type StripeWebhookOutcome,
} from "~/domain/payments/stripe-webhooks";

const PROVIDER = "stripe";

/** What the webhook needs of the Stripe provider: the SDK's verification, a charge's refunds, and a refund. */
export type StripeWebhookSource = Pick<StripePaymentProvider, "constructWebhookEvent" | "refundsOfCharge" | "refund">;

export type StripeWebhookResult = { eventId: string; type: string; outcome: StripeWebhookOutcome; replayed: boolean };

type Handled = { outcome: StripeWebhookOutcome; attemptId?: string | null; payload: Record<string, unknown> };

/** What is read from, or done at, Stripe before the event's transaction (an earlier try's charge refunded). */
type BeforeTransaction = { refunds: RefundSeen[]; earlierTry: EarlierTry | null };

/** The few fields a handling reads of a refund (its list is read before the transaction). */
type RefundSeen = {
  id: string;
  amount: number;
  currency: string;
  status: string | null;
  refundKey: string | null;
  reason: string | null;
  created: number;
};

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);
const fromSeconds = (seconds: number) => new Date(seconds * 1000);

/** A provider that can verify Stripe's deliveries (the Stripe provider, whichever copy of its module made it). */
function isStripeWebhookSource(provider: object): provider is StripeWebhookSource {
  const candidate = provider as Partial<StripeWebhookSource>;
  return (
    typeof candidate.constructWebhookEvent === "function" &&
    typeof candidate.refundsOfCharge === "function" &&
    typeof candidate.refund === "function"
  );
}

/** The Stripe provider and signing secret of this shop, or the 404 of a shop that does not take cards by Stripe. */
function configuredSource(db: Database): { provider: StripeWebhookSource; secret: string } {
  const env = getEnv();
  const provider = env.PAYMENT_PROVIDER === "stripe" ? getPaymentProvider(db) : null;
  // env.ts refuses to start with Stripe but no signing secret; the check keeps the type honest.
  if (!provider || !isStripeWebhookSource(provider) || !env.STRIPE_WEBHOOK_SECRET) {
    throw notFound("not_found", STRIPE_WEBHOOK_NOT_FOUND_MESSAGE);
  }
  return { provider, secret: env.STRIPE_WEBHOOK_SECRET };
}

/** The event Stripe signed, or the API's 400: nothing is read from a body whose signature does not hold. */
function verifiedEvent(source: StripeWebhookSource, payload: Uint8Array, signature: string | null, secret: string): Stripe.Event {
  if (!signature) throw invalid("invalid_signature", STRIPE_SIGNATURE_MISSING_MESSAGE);
  try {
    return source.constructWebhookEvent(payload, signature, secret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      log.warn({ reason: error.message }, "stripe-webhooks: signature refused");
      throw invalid("invalid_signature", STRIPE_SIGNATURE_INVALID_MESSAGE);
    }
    // Signed by Stripe but not an event the SDK can read.
    log.warn({ err: error }, "stripe-webhooks: unreadable event");
    throw invalid("invalid_body", STRIPE_EVENT_UNREADABLE_MESSAGE);
  }
}

/**
 * POST /api/v1/payments/stripe/webhook: verifies the delivery, then handles its event once.
 * `deps` replaces the shop's configured provider and secret (tests).
 */
export async function receiveStripeWebhook(
  db: Database,
  delivery: { payload: Uint8Array; signature: string | null },
  deps: { provider?: StripeWebhookSource; secret?: string; now?: Date } = {},
): Promise<StripeWebhookResult> {
  const { provider, secret } = deps.provider && deps.secret ? { provider: deps.provider, secret: deps.secret } : configuredSource(db);
  const event = verifiedEvent(provider, delivery.payload, delivery.signature, secret);
  const now = deps.now ?? new Date();
  const replay = (outcome: StripeWebhookOutcome): StripeWebhookResult => ({ eventId: event.id, type: event.type, outcome, replayed: true });

  // A replay answers at once, without asking Stripe for anything (the claim below is what counts).
  const known = await findStripeEvent(db, event.id);
  if (known) return replay(known.outcome);
  // Stripe is read (and an earlier try's charge refunded) before the transaction: no call to the
  // provider under a row lock (decision 021).
  const before: BeforeTransaction = {
    refunds: event.type === "charge.refunded" ? await refundsOf(provider, event.data.object) : [],
    earlierTry: event.type === "payment_intent.succeeded" ? await refundEarlierTry(db, provider, event.data.object) : null,
  };

  const handled = await db.transaction(async (tx) => {
    if (!(await claimStripeEvent(tx, { id: event.id, type: event.type, createdAt: fromSeconds(event.created) }, now))) return null;
    const result = await handleEvent(tx, event, before, now);
    await settleStripeEvent(tx, event.id, result);
    return result;
  });
  if (!handled) {
    const again = await findStripeEvent(db, event.id);
    return replay(again?.outcome ?? "ignored");
  }
  return { eventId: event.id, type: event.type, outcome: handled.outcome, replayed: false };
}

async function refundsOf(provider: StripeWebhookSource, charge: Stripe.Charge): Promise<RefundSeen[]> {
  // Older API versions list the refunds on the charge; since 2022-11-15 they are read apart.
  const listed = charge.refunds && !charge.refunds.has_more ? charge.refunds.data : await provider.refundsOfCharge(charge.id);
  return listed.map((r) => ({
    id: r.id,
    amount: r.amount,
    currency: r.currency,
    status: r.status,
    refundKey: r.metadata?.refund_key ?? null,
    reason: r.reason ?? null,
    created: r.created,
  }));
}

/**
 * A charge of an attempt's earlier try (decision 059, "Webhooks"): the shopper tried again since
 * (after a decline, or after the job found no charge for that try), so it paid no order and
 * never will. Refunded here, outside any transaction, under that try's refund key: Stripe's
 * idempotency and the key kept in the refund's metadata make a replay, a second event about the
 * same payment, two deliveries at once, or a try the shop already refunded refund it once. A
 * refund that fails fails the delivery: nothing is recorded and Stripe's retry refunds it.
 */
async function refundEarlierTry(db: Database, provider: StripeWebhookSource, intent: Stripe.PaymentIntent): Promise<EarlierTry | null> {
  const earlier = await findEarlierTryOfPayment(db, PROVIDER, intent.id, intent.metadata?.attempt_key ?? null);
  if (!earlier) return null;
  const amountCents = intent.amount_received || intent.amount;
  await provider.refund({ paymentId: intent.id, amountCents, idempotencyKey: earlier.refundKey });
  log.warn(
    { paymentId: intent.id, attemptId: earlier.attempt.id, try: earlier.tryNumber, currentTry: earlier.attempt.tries, amountCents },
    "stripe-webhooks: charge of an earlier try refunded",
  );
  return earlier;
}

function handleEvent(tx: Executor, event: Stripe.Event, before: BeforeTransaction, now: Date): Promise<Handled> {
  switch (event.type) {
    case "payment_intent.succeeded":
      return paymentSucceeded(tx, event.data.object, before.earlierTry, now);
    case "payment_intent.payment_failed":
      return paymentFailed(tx, event.data.object, now);
    case "charge.refunded":
      return chargeRefunded(tx, event.data.object, before.refunds, now);
    case "charge.dispute.created":
      return disputeCreated(tx, event.data.object, fromSeconds(event.created), now);
    case "charge.dispute.updated":
    case "charge.dispute.closed":
      return disputeChanged(tx, event.type, event.data.object, fromSeconds(event.created), now);
    default:
      log.info({ eventId: event.id, type: event.type }, "stripe-webhooks: event type not handled");
      return Promise.resolve({ outcome: "ignored", payload: {} });
  }
}

/** Warned once per event: Stripe knows a payment the shop has no attempt for. */
function unknownPayment(eventType: string, paymentId: string | null, payload: Record<string, unknown>): Handled {
  log.warn({ type: eventType, paymentId }, "stripe-webhooks: payment unknown to the shop, nothing changed");
  return { outcome: "unknown_payment", payload };
}

async function paymentSucceeded(tx: Executor, intent: Stripe.PaymentIntent, earlierTry: EarlierTry | null, now: Date): Promise<Handled> {
  const attemptKey = intent.metadata?.attempt_key ?? null;
  const received = { amountCents: intent.amount_received || intent.amount, currency: intent.currency };
  const payload = { payment_intent: intent.id, attempt_key: attemptKey, amount: received.amountCents, currency: received.currency };
  if (earlierTry) {
    return {
      outcome: "earlier_try_refunded",
      attemptId: earlierTry.attempt.id,
      payload: { ...payload, refund_key: earlierTry.refundKey, current_try: earlierTry.attempt.tries },
    };
  }
  const attempt = await lockAttemptOfProviderPayment(tx, PROVIDER, intent.id, attemptKey);
  if (!attempt) return unknownPayment("payment_intent.succeeded", intent.id, payload);
  const base = { attemptId: attempt.id, payload: { ...payload, attempt_status: attempt.status } };

  if (received.amountCents !== attempt.amountCents || received.currency.toLowerCase() !== attempt.currency.toLowerCase()) {
    const expected = { amountCents: attempt.amountCents, currency: attempt.currency };
    log.error(
      { paymentId: intent.id, attemptId: attempt.id, expected, received },
      "stripe-webhooks: payment amount differs from the attempt's, refused",
    );
    await recordEvent(tx, "payment.amount_mismatch", {
      paymentId: intent.id,
      attemptId: attempt.id,
      notice: paymentMismatchNotice({ paymentId: intent.id, attemptId: attempt.id, expected, received }),
    });
    return { ...base, outcome: "amount_mismatch" };
  }
  if (await markAttemptChargedByProvider(tx, attempt.id, intent.id, now)) {
    log.info({ paymentId: intent.id, attemptId: attempt.id, was: attempt.status }, "stripe-webhooks: attempt charged");
    return { ...base, outcome: "attempt_charged" };
  }
  // Charged, linked to its order, or being refunded: the checkout or the job has it.
  return { ...base, outcome: "already_settled" };
}

async function paymentFailed(tx: Executor, intent: Stripe.PaymentIntent, now: Date): Promise<Handled> {
  const attemptKey = intent.metadata?.attempt_key ?? null;
  const error = intent.last_payment_error;
  const payload = { payment_intent: intent.id, attempt_key: attemptKey, decline_code: error?.decline_code ?? error?.code ?? null };
  const attempt = await lockAttemptOfProviderPayment(tx, PROVIDER, intent.id, attemptKey);
  if (!attempt) {
    // A decline of an earlier try, heard after the shopper tried again: nothing was taken, nothing to do.
    const earlier = await findEarlierTryOfPayment(tx, PROVIDER, intent.id, attemptKey);
    if (!earlier) return unknownPayment("payment_intent.payment_failed", intent.id, payload);
    return { outcome: "already_settled", attemptId: earlier.attempt.id, payload: { ...payload, current_try: earlier.attempt.tries } };
  }
  const base = { attemptId: attempt.id, payload: { ...payload, attempt_status: attempt.status } };
  const reason = `stripe: payment failed${payload.decline_code ? ` (${payload.decline_code})` : ""}`;
  if (await markAttemptFailedByProvider(tx, attempt.id, reason, now)) {
    log.info({ paymentId: intent.id, attemptId: attempt.id, was: attempt.status }, "stripe-webhooks: attempt failed");
    return { ...base, outcome: "attempt_failed" };
  }
  return { ...base, outcome: "already_settled" };
}

async function orderNumberOf(tx: Executor, orderId: string | null): Promise<string | null> {
  return orderId ? ((await getOrderRow(tx, orderId))?.orderNumber ?? null) : null;
}

async function chargeRefunded(tx: Executor, charge: Stripe.Charge, refunds: RefundSeen[], now: Date): Promise<Handled> {
  const paymentId = idOf(charge.payment_intent);
  const counted = refunds.filter((r) => r.status === "succeeded" || r.status === "pending");
  const payload = {
    charge: charge.id,
    payment_intent: paymentId,
    amount_refunded: charge.amount_refunded,
    refunds: counted.map((r) => ({ id: r.id, amount: r.amount, shop: r.refundKey !== null })),
  };
  if (!paymentId) return unknownPayment("charge.refunded", paymentId, payload);
  const current = await lockAttemptOfProviderPayment(tx, PROVIDER, paymentId, null);
  // The charge of an earlier try the shop refunded is known by its refund's key; it paid no order.
  const attempt = current ?? (await earlierTryOfRefunds(tx, paymentId, counted))?.attempt;
  if (!attempt) return unknownPayment("charge.refunded", paymentId, payload);
  const orderId = current ? current.orderId : null;

  // The shop's own refunds are recorded where they were made; one the refunder could not mark is marked here.
  if (current?.status === "refunding" && counted.some((r) => r.refundKey === refundKeyOf(current))) {
    if (await markAttemptRefundedByProvider(tx, current.id, now)) {
      log.info({ paymentId, attemptId: current.id }, "stripe-webhooks: attempt refund confirmed by Stripe");
    }
  }
  const orderNumber = await orderNumberOf(tx, current?.orderId ?? null);
  for (const refund of counted.filter((r) => r.refundKey === null)) {
    const recorded = await recordExternalRefund(
      tx,
      {
        id: refund.id,
        provider: PROVIDER,
        paymentId,
        chargeId: charge.id,
        attemptId: attempt.id,
        orderId,
        amountCents: refund.amount,
        currency: refund.currency,
        reason: refund.reason,
        refundedAt: fromSeconds(refund.created),
      },
      now,
    );
    if (!recorded) continue;
    log.warn({ paymentId, refundId: refund.id, orderId, amountCents: refund.amount }, "stripe-webhooks: refund made outside the shop");
    await recordEvent(tx, "payment.refunded_outside", {
      refundId: refund.id,
      orderId,
      notice: refundedOutsideNotice({ refundId: refund.id, orderId, orderNumber, amountCents: refund.amount }),
    });
  }
  return { outcome: "refunds_reconciled", attemptId: attempt.id, payload };
}

/** The earlier try whose refund (by the shop, under that try's key) is among these, or null. */
async function earlierTryOfRefunds(tx: Executor, paymentId: string, refunds: RefundSeen[]): Promise<EarlierTry | null> {
  for (const refund of refunds) {
    const earlier = refund.refundKey ? await findEarlierTryOfRefundKey(tx, PROVIDER, paymentId, refund.refundKey) : null;
    if (earlier) return earlier;
  }
  return null;
}

const dueByOf = (dispute: Stripe.Dispute) => (dispute.evidence_details?.due_by ? fromSeconds(dispute.evidence_details.due_by) : null);

/** What the event row keeps of a dispute. */
const disputePayload = (dispute: Stripe.Dispute) => ({
  dispute: dispute.id,
  charge: idOf(dispute.charge),
  payment_intent: idOf(dispute.payment_intent),
  amount: dispute.amount,
  currency: dispute.currency,
  reason: dispute.reason,
  status: dispute.status,
});

/** Records a dispute on its payment's attempt and order; false when it was already recorded. */
function recordDispute(tx: Executor, dispute: Stripe.Dispute, paymentId: string, attempt: PaymentAttempt, reportedAt: Date, now: Date) {
  return recordPaymentDispute(
    tx,
    {
      id: dispute.id,
      provider: PROVIDER,
      paymentId,
      chargeId: idOf(dispute.charge),
      attemptId: attempt.id,
      orderId: attempt.orderId,
      amountCents: dispute.amount,
      currency: dispute.currency,
      reason: dispute.reason,
      status: dispute.status,
      evidenceDueBy: dueByOf(dispute),
      openedAt: fromSeconds(dispute.created),
      statusReportedAt: reportedAt,
    },
    now,
  );
}

/** Tells the administrators a chargeback was opened: answer it before its day, or lose the amount. */
async function announceDisputeOpened(tx: Executor, dispute: Stripe.Dispute, orderId: string | null) {
  await recordEvent(tx, "payment.disputed", {
    disputeId: dispute.id,
    orderId,
    notice: disputeOpenedNotice({
      disputeId: dispute.id,
      orderId,
      orderNumber: await orderNumberOf(tx, orderId),
      amountCents: dispute.amount,
      providerReason: dispute.reason,
      evidenceDueBy: dueByOf(dispute),
    }),
  });
}

/**
 * Tells the administrators how the bank decided a chargeback, `lost` or `won`, under the same
 * domain event as its opening (one notice worded by its own catalog key); no notice for the
 * other statuses (an inquiry closed, evidence under review: the order's view shows them).
 */
async function announceDisputeDecided(tx: Executor, dispute: { id: string; amountCents: number; status: string; orderId: string | null }) {
  if (dispute.status !== "lost" && dispute.status !== "won") return;
  await recordEvent(tx, "payment.disputed", {
    disputeId: dispute.id,
    orderId: dispute.orderId,
    notice: disputeClosedNotice({
      disputeId: dispute.id,
      orderId: dispute.orderId,
      orderNumber: await orderNumberOf(tx, dispute.orderId),
      amountCents: dispute.amountCents,
      outcome: dispute.status,
    }),
  });
}

async function disputeCreated(tx: Executor, dispute: Stripe.Dispute, reportedAt: Date, now: Date): Promise<Handled> {
  const paymentId = idOf(dispute.payment_intent);
  const payload = disputePayload(dispute);
  const attempt = paymentId ? await lockAttemptOfProviderPayment(tx, PROVIDER, paymentId, null) : null;
  if (!attempt || !paymentId) return unknownPayment("charge.dispute.created", paymentId, payload);
  // Already recorded: by this event's twin, or by a later event delivered first (then it is ahead).
  if (!(await recordDispute(tx, dispute, paymentId, attempt, reportedAt, now))) {
    return { outcome: "already_settled", attemptId: attempt.id, payload };
  }
  log.warn({ paymentId, disputeId: dispute.id, orderId: attempt.orderId, reason: dispute.reason }, "stripe-webhooks: dispute opened");
  await announceDisputeOpened(tx, dispute, attempt.orderId);
  return { outcome: "dispute_recorded", attemptId: attempt.id, payload };
}

/**
 * `charge.dispute.updated` / `charge.dispute.closed` (decision 059, "Webhooks"). The event carries
 * the dispute as it was when Stripe made it (`created`): it replaces the recorded status and day
 * to answer unless the row holds a later report, so an update delivered after the close leaves
 * the dispute closed. The administrators hear once that a dispute was lost or won: when the
 * recorded status becomes `lost` or `won` (a replay is stopped by the event's claim).
 *
 * A dispute the shop never recorded, on a payment it knows (its `charge.dispute.created` was
 * lost, or is still to come), is recorded from this event: Stripe never sends an acknowledged
 * event again, so ignoring it would leave the dispute out, or at its opening status, for good;
 * the event holds the whole dispute. The administrators are told as if it had just opened when
 * it waits for evidence, or how it was decided; nothing for a dispute already answered (someone
 * answered it in Stripe's dashboard). On a payment the shop does not know: acknowledged, logged.
 */
async function disputeChanged(
  tx: Executor,
  type: "charge.dispute.updated" | "charge.dispute.closed",
  dispute: Stripe.Dispute,
  reportedAt: Date,
  now: Date,
): Promise<Handled> {
  const paymentId = idOf(dispute.payment_intent);
  const payload = disputePayload(dispute);
  // The attempt first, as `charge.dispute.created` does: two events about one payment take their locks in the same order.
  const attempt = paymentId ? await lockAttemptOfProviderPayment(tx, PROVIDER, paymentId, null) : null;
  const report = { status: dispute.status, evidenceDueBy: dueByOf(dispute), reportedAt };
  let change = await reportPaymentDisputeStatus(tx, dispute.id, report);
  if (change.kind === "unknown") {
    if (!attempt || !paymentId) return unknownPayment(type, paymentId, payload);
    if (await recordDispute(tx, dispute, paymentId, attempt, reportedAt, now)) {
      log.warn(
        { type, paymentId, disputeId: dispute.id, orderId: attempt.orderId, status: dispute.status },
        "stripe-webhooks: dispute first heard of in a later event, recorded",
      );
      const { needs_response, response_overdue } = disputeResponseState(dispute.status, report.evidenceDueBy, now);
      if (needs_response || response_overdue) {
        await announceDisputeOpened(tx, dispute, attempt.orderId);
      } else {
        await announceDisputeDecided(tx, { id: dispute.id, amountCents: dispute.amount, status: dispute.status, orderId: attempt.orderId });
      }
      return { outcome: "dispute_recorded", attemptId: attempt.id, payload };
    }
    // Recorded meanwhile by another delivery: this report is weighed against it.
    change = await reportPaymentDisputeStatus(tx, dispute.id, report);
  }
  if (change.kind === "unknown") throw new Error(`dispute ${dispute.id} neither recorded nor found`);
  const recorded: PaymentDispute = change.dispute;
  const base = { attemptId: attempt?.id ?? recorded.attemptId, payload: { ...payload, recorded_status: recorded.status } };
  if (change.kind === "outdated") {
    log.info(
      {
        type,
        disputeId: dispute.id,
        status: dispute.status,
        recordedStatus: recorded.status,
        reportedAt,
        recordedAt: recorded.statusReportedAt,
      },
      "stripe-webhooks: dispute report older than the one recorded, nothing changed",
    );
    return { ...base, outcome: "already_settled" };
  }
  log.info(
    { type, disputeId: dispute.id, orderId: recorded.orderId, was: change.previousStatus, status: recorded.status },
    "stripe-webhooks: dispute updated",
  );
  if (change.previousStatus !== recorded.status) await announceDisputeDecided(tx, recorded);
  return { ...base, payload: { ...base.payload, previous_status: change.previousStatus }, outcome: "dispute_updated" };
}
