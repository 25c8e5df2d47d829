CREATE TABLE "simulated_acquirer_authentications" (
	"id" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"card_brand" text NOT NULL,
	"card_last_four" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "simulated_acquirer_authentications_status_valid" CHECK ("simulated_acquirer_authentications"."status" IN ('pending', 'succeeded', 'failed', 'expired')),
	CONSTRAINT "simulated_acquirer_authentications_amount_positive" CHECK ("simulated_acquirer_authentications"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "simulated_acquirer_cards" (
	"token" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"customer_ref" text NOT NULL,
	"behaviour" text NOT NULL,
	"card_brand" text NOT NULL,
	"card_last_four" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"cvc_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulated_acquirer_cards_behaviour_valid" CHECK ("simulated_acquirer_cards"."behaviour" IN ('approve', 'decline', 'authenticate'))
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_status_valid";--> statement-breakpoint
DROP INDEX "payment_attempts_unsettled_idx";--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "provider_token" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "authentication_id" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "resume_request" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "simulated_acquirer_authentications_key_idx" ON "simulated_acquirer_authentications" USING btree ("account","idempotency_key");--> statement-breakpoint
CREATE INDEX "simulated_acquirer_cards_account_idx" ON "simulated_acquirer_cards" USING btree ("account","customer_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_authentication_idx" ON "payment_attempts" USING btree ("authentication_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_unsettled_idx" ON "payment_attempts" USING btree ("updated_at") WHERE "payment_attempts"."status" IN ('pending', 'requires_action', 'charged', 'refunding');--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_status_valid" CHECK ("payment_attempts"."status" IN ('pending', 'requires_action', 'charged', 'linked', 'refunding', 'refunded', 'failed'));