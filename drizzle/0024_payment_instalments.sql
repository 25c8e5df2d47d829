CREATE TABLE "payment_instalments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"last_try_on" date,
	"provider_token" text,
	"provider_payment_id" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_instalments_status_valid" CHECK ("payment_instalments"."status" IN ('paid', 'pending', 'charging', 'failed', 'cancelled')),
	CONSTRAINT "payment_instalments_amount_non_negative" CHECK ("payment_instalments"."amount_cents" >= 0),
	CONSTRAINT "payment_instalments_seq_valid" CHECK ("payment_instalments"."seq" BETWEEN 1 AND 3),
	CONSTRAINT "payment_instalments_paid_has_payment" CHECK ("payment_instalments"."status" <> 'paid' OR "payment_instalments"."provider_payment_id" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status_valid";--> statement-breakpoint
ALTER TABLE "payment_instalments" ADD CONSTRAINT "payment_instalments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_instalments_order_seq_idx" ON "payment_instalments" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "payment_instalments_due_idx" ON "payment_instalments" USING btree ("due_date") WHERE "payment_instalments"."status" IN ('pending', 'charging');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_valid" CHECK ("orders"."payment_status" IN ('pending', 'paid', 'failed', 'refunded', 'instalments', 'instalment_unpaid'));