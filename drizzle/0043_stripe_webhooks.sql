-- Stripe's webhooks (docs/decisions/059-stripe-provider.md, "Webhooks"): the events received, once
-- each by their id; the disputes (chargebacks) and the refunds made outside the shop they report;
-- and an index to find a payment attempt by the provider's payment id. New tables and an index
-- only: existing rows are untouched.
CREATE TABLE "payment_disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"payment_id" text NOT NULL,
	"charge_id" text,
	"attempt_id" uuid,
	"order_id" uuid,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"evidence_due_by" timestamp with time zone,
	"opened_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_disputes_amount_non_negative" CHECK ("payment_disputes"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_external_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"payment_id" text NOT NULL,
	"charge_id" text,
	"attempt_id" uuid,
	"order_id" uuid,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text,
	"refunded_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_external_refunds_amount_positive" CHECK ("payment_external_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "stripe_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL,
	"attempt_id" uuid,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "stripe_webhook_events_outcome_valid" CHECK ("stripe_webhook_events"."outcome" IN ('attempt_charged', 'attempt_failed', 'already_settled', 'amount_mismatch', 'unknown_payment', 'refunds_reconciled', 'dispute_recorded', 'ignored'))
);
--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_external_refunds" ADD CONSTRAINT "payment_external_refunds_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_external_refunds" ADD CONSTRAINT "payment_external_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_webhook_events" ADD CONSTRAINT "stripe_webhook_events_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_disputes_order_idx" ON "payment_disputes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_external_refunds_order_idx" ON "payment_external_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "stripe_webhook_events_received_idx" ON "stripe_webhook_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "payment_attempts_provider_payment_idx" ON "payment_attempts" USING btree ("provider_payment_id");