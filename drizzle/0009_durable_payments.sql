CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_key" text NOT NULL,
	"tries" integer DEFAULT 1 NOT NULL,
	"provider_payment_id" text,
	"order_id" uuid,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"charged_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "payment_attempts_status_valid" CHECK ("payment_attempts"."status" IN ('pending', 'charged', 'linked', 'refunding', 'refunded', 'failed')),
	CONSTRAINT "payment_attempts_amount_positive" CHECK ("payment_attempts"."amount_cents" > 0),
	CONSTRAINT "payment_attempts_linked_has_order" CHECK ("payment_attempts"."status" <> 'linked' OR "payment_attempts"."order_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "simulated_acquirer_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"card_brand" text NOT NULL,
	"card_last_four" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulated_acquirer_charges_amount_positive" CHECK ("simulated_acquirer_charges"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "simulated_acquirer_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"refund_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulated_acquirer_refunds_amount_positive" CHECK ("simulated_acquirer_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulated_acquirer_refunds" ADD CONSTRAINT "simulated_acquirer_refunds_payment_id_simulated_acquirer_charges_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."simulated_acquirer_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_user_key_idx" ON "payment_attempts" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_provider_key_idx" ON "payment_attempts" USING btree ("provider","provider_key");--> statement-breakpoint
CREATE INDEX "payment_attempts_order_idx" ON "payment_attempts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_unsettled_idx" ON "payment_attempts" USING btree ("updated_at") WHERE "payment_attempts"."status" IN ('pending', 'charged', 'refunding');--> statement-breakpoint
CREATE UNIQUE INDEX "simulated_acquirer_charges_key_idx" ON "simulated_acquirer_charges" USING btree ("account","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "simulated_acquirer_refunds_key_idx" ON "simulated_acquirer_refunds" USING btree ("payment_id","refund_key");