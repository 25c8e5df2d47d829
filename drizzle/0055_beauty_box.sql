CREATE TABLE "box_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"month" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_cents" integer NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"next_try_at" timestamp with time zone DEFAULT now() NOT NULL,
	"charging_since" timestamp with time zone,
	"order_id" uuid,
	"provider_payment_id" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "box_editions" (
	"month" text PRIMARY KEY NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"contents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "box_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"payment_method_id" uuid,
	"shipping_address" jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"next_month" text NOT NULL,
	"skipped_months" text[] DEFAULT '{}'::text[] NOT NULL,
	"paused_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancellation_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "box_subscriptions_price_positive" CHECK ("box_subscriptions"."price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "box_charges" ADD CONSTRAINT "box_charges_subscription_id_box_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."box_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_charges" ADD CONSTRAINT "box_charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_subscriptions" ADD CONSTRAINT "box_subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "box_charges_subscription_month" ON "box_charges" USING btree ("subscription_id","month");--> statement-breakpoint
CREATE INDEX "box_charges_due_idx" ON "box_charges" USING btree ("status","next_try_at");--> statement-breakpoint
CREATE INDEX "box_charges_month_idx" ON "box_charges" USING btree ("month");--> statement-breakpoint
CREATE UNIQUE INDEX "box_subscriptions_one_open_per_user" ON "box_subscriptions" USING btree ("user_id") WHERE "box_subscriptions"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "box_subscriptions_due_idx" ON "box_subscriptions" USING btree ("status","next_month");