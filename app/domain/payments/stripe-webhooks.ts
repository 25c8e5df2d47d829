/**
 * Stripe's webhook (decision 059, "Webhooks"): what the shop made of an event, kept with it
 * (stripe_webhook_events.outcome, whose CHECK lists these) and answered to Stripe, and the
 * refusals the endpoint answers, and which of two reports of a dispute's status is the later.
 * Isomorphic: no server import.
 */
export const STRIPE_WEBHOOK_OUTCOMES = [
  "attempt_charged",
  "attempt_failed",
  "already_settled",
  "amount_mismatch",
  "unknown_payment",
  "refunds_reconciled",
  "dispute_recorded",
  /** A dispute's later status (`charge.dispute.updated` / `.closed`) recorded on the dispute. */
  "dispute_updated",
  /** A charge of an attempt's earlier try (the attempt has moved on to a new try): refunded. */
  "earlier_try_refunded",
  "ignored",
] as const;
export type StripeWebhookOutcome = (typeof STRIPE_WEBHOOK_OUTCOMES)[number];

/** Stripe's dispute statuses after which nobody is to act: decided, or an inquiry closed without a chargeback. */
const DISPUTE_CLOSED_STATUSES: ReadonlySet<string> = new Set(["won", "lost", "warning_closed", "prevented"]);

/** How far a dispute has gone: waiting for evidence, evidence with the bank, closed. */
function disputeStage(status: string): number {
  if (DISPUTE_CLOSED_STATUSES.has(status)) return 2;
  return status.endsWith("under_review") ? 1 : 0;
}

/**
 * Whether a report of a dispute's status replaces the one recorded (decision 059, "Webhooks").
 * Stripe delivers its events in no promised order, and each carries the dispute as it was when
 * the event was made (`created`): the later report wins, so an update delivered after the close
 * leaves the dispute closed. `created` counts seconds: of two reports of the same second, the one
 * further along (closed, then under review, then waiting for evidence) wins. A later report may
 * reopen a closed dispute: Stripe's appeal statuses (`appeal_needs_response`…) follow a `lost`.
 */
export function supersedesDisputeReport(
  recorded: { status: string; reportedAt: Date },
  incoming: { status: string; reportedAt: Date },
): boolean {
  const later = incoming.reportedAt.getTime() - recorded.reportedAt.getTime();
  if (later !== 0) return later > 0;
  return disputeStage(incoming.status) >= disputeStage(recorded.status);
}

/** The endpoint of a shop that does not take cards by Stripe (the demonstration): a 404. */
export const STRIPE_WEBHOOK_NOT_FOUND_MESSAGE = "Ce point d'accès n'existe pas : la boutique n'encaisse pas les cartes par Stripe.";
export const STRIPE_SIGNATURE_MISSING_MESSAGE = "En-tête Stripe-Signature manquant : l'événement est refusé.";
export const STRIPE_SIGNATURE_INVALID_MESSAGE = "Signature Stripe invalide ou expirée : l'événement est refusé.";
export const STRIPE_EVENT_UNREADABLE_MESSAGE = "Événement Stripe illisible : l'événement est refusé.";
