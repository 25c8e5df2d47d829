/**
 * Stripe's webhook (decision 059, "Webhooks"): what the shop made of an event, kept with it
 * (stripe_webhook_events.outcome, whose CHECK lists these) and answered to Stripe, and the
 * refusals the endpoint answers. Isomorphic: no server import.
 */
export const STRIPE_WEBHOOK_OUTCOMES = [
  "attempt_charged",
  "attempt_failed",
  "already_settled",
  "amount_mismatch",
  "unknown_payment",
  "refunds_reconciled",
  "dispute_recorded",
  /** A charge of an attempt's earlier try (the attempt has moved on to a new try): refunded. */
  "earlier_try_refunded",
  "ignored",
] as const;
export type StripeWebhookOutcome = (typeof STRIPE_WEBHOOK_OUTCOMES)[number];

/** The endpoint of a shop that does not take cards by Stripe (the demonstration): a 404. */
export const STRIPE_WEBHOOK_NOT_FOUND_MESSAGE = "Ce point d'accès n'existe pas : la boutique n'encaisse pas les cartes par Stripe.";
export const STRIPE_SIGNATURE_MISSING_MESSAGE = "En-tête Stripe-Signature manquant : l'événement est refusé.";
export const STRIPE_SIGNATURE_INVALID_MESSAGE = "Signature Stripe invalide ou expirée : l'événement est refusé.";
export const STRIPE_EVENT_UNREADABLE_MESSAGE = "Événement Stripe illisible : l'événement est refusé.";
