-- Stripe webhook events may record a new outcome, earlier_try_refunded: a charge of an attempt's
-- earlier try, refunded (docs/decisions/059-stripe-provider.md, "Webhooks"). The CHECK only grows:
-- existing rows all satisfy it.
ALTER TABLE "stripe_webhook_events" DROP CONSTRAINT "stripe_webhook_events_outcome_valid";--> statement-breakpoint
ALTER TABLE "stripe_webhook_events" ADD CONSTRAINT "stripe_webhook_events_outcome_valid" CHECK ("stripe_webhook_events"."outcome" IN ('attempt_charged', 'attempt_failed', 'already_settled', 'amount_mismatch', 'unknown_payment', 'refunds_reconciled', 'dispute_recorded', 'earlier_try_refunded', 'ignored'));