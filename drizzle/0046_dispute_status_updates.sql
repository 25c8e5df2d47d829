-- A dispute's status follows Stripe's charge.dispute.updated and charge.dispute.closed
-- (docs/decisions/059-stripe-provider.md, "Webhooks"): each row keeps when Stripe reported the
-- status it holds, so a report delivered late changes nothing, and the webhook events may record
-- the new outcome dispute_updated. The disputes recorded before carry their status at opening,
-- reported when they opened. The CHECK only grows: existing rows all satisfy it.
ALTER TABLE "stripe_webhook_events" DROP CONSTRAINT "stripe_webhook_events_outcome_valid";--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD COLUMN "status_reported_at" timestamp with time zone;--> statement-breakpoint
UPDATE "payment_disputes" SET "status_reported_at" = "opened_at";--> statement-breakpoint
ALTER TABLE "payment_disputes" ALTER COLUMN "status_reported_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stripe_webhook_events" ADD CONSTRAINT "stripe_webhook_events_outcome_valid" CHECK ("stripe_webhook_events"."outcome" IN ('attempt_charged', 'attempt_failed', 'already_settled', 'amount_mismatch', 'unknown_payment', 'refunds_reconciled', 'dispute_recorded', 'dispute_updated', 'earlier_try_refunded', 'ignored'));
