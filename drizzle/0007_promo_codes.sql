CREATE TABLE "promo_code_categories" (
	"promo_code_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "promo_code_categories_promo_code_id_category_id_pk" PRIMARY KEY("promo_code_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"kind" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"min_order_cents" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"per_customer_limit" integer,
	"bound_user_id" text,
	"bound_email" text,
	"active" boolean DEFAULT true NOT NULL,
	"origin" text DEFAULT 'admin' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "promo_codes_kind_valid" CHECK ("promo_codes"."kind" IN ('percentage', 'fixed')),
	CONSTRAINT "promo_codes_origin_valid" CHECK ("promo_codes"."origin" IN ('admin', 'newsletter_welcome')),
	CONSTRAINT "promo_codes_amount_valid" CHECK (("promo_codes"."kind" = 'percentage' AND "promo_codes"."percent_off" BETWEEN 1 AND 100 AND "promo_codes"."amount_off_cents" IS NULL) OR ("promo_codes"."kind" = 'fixed' AND "promo_codes"."amount_off_cents" > 0 AND "promo_codes"."percent_off" IS NULL)),
	CONSTRAINT "promo_codes_min_order_non_negative" CHECK ("promo_codes"."min_order_cents" >= 0),
	CONSTRAINT "promo_codes_dates_ordered" CHECK ("promo_codes"."starts_at" IS NULL OR "promo_codes"."ends_at" IS NULL OR "promo_codes"."ends_at" > "promo_codes"."starts_at"),
	CONSTRAINT "promo_codes_usage_valid" CHECK ("promo_codes"."used_count" >= 0 AND ("promo_codes"."usage_limit" IS NULL OR ("promo_codes"."usage_limit" > 0 AND "promo_codes"."used_count" <= "promo_codes"."usage_limit"))),
	CONSTRAINT "promo_codes_per_customer_positive" CHECK ("promo_codes"."per_customer_limit" IS NULL OR "promo_codes"."per_customer_limit" > 0),
	CONSTRAINT "promo_codes_code_normalised" CHECK ("promo_codes"."code" = upper("promo_codes"."code") AND "promo_codes"."code" !~ '\s')
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"promo_code_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" text,
	"customer_use" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "promo_redemptions_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "promo_redemptions_values_valid" CHECK ("promo_redemptions"."customer_use" > 0 AND "promo_redemptions"."discount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_code_categories" ADD CONSTRAINT "promo_code_categories_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_categories" ADD CONSTRAINT "promo_code_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_bound_user_id_user_id_fk" FOREIGN KEY ("bound_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_welcome_email_idx" ON "promo_codes" USING btree ("bound_email") WHERE "promo_codes"."origin" = 'newsletter_welcome';--> statement-breakpoint
CREATE INDEX "promo_codes_created_idx" ON "promo_codes" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "promo_redemptions_customer_use_idx" ON "promo_redemptions" USING btree ("promo_code_id","user_id","customer_use") WHERE "promo_redemptions"."released_at" IS NULL;--> statement-breakpoint
CREATE INDEX "promo_redemptions_code_idx" ON "promo_redemptions" USING btree ("promo_code_id");