CREATE TABLE "delivery_methods" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"carrier" text NOT NULL,
	"price_cents" integer NOT NULL,
	"free_threshold_cents" integer,
	"delay_working_days" integer NOT NULL,
	"zones" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_methods_code_valid" CHECK ("delivery_methods"."code" IN ('standard', 'relay', 'express')),
	CONSTRAINT "delivery_methods_carrier_valid" CHECK ("delivery_methods"."carrier" IN ('colissimo', 'chronopost', 'ups')),
	CONSTRAINT "delivery_methods_amounts_valid" CHECK ("delivery_methods"."price_cents" >= 0 AND ("delivery_methods"."free_threshold_cents" IS NULL OR "delivery_methods"."free_threshold_cents" >= 0) AND "delivery_methods"."delay_working_days" BETWEEN 1 AND 20)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_method" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "relay_point" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "estimated_delivery_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "express_perk" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_method_valid" CHECK ("orders"."delivery_method" IN ('standard', 'relay', 'express'));--> statement-breakpoint
-- The three methods, carrying forward the mainland fee and threshold edited in Paramètres (the
-- shop_settings 'shipping' row, which the methods table replaces); the published rules otherwise.
WITH edited AS (
	SELECT
		CASE WHEN (value->>'fee_cents') ~ '^[0-9]{1,7}$' THEN (value->>'fee_cents')::integer END AS fee,
		CASE WHEN (value->>'free_threshold_cents') ~ '^[0-9]{1,9}$' THEN (value->>'free_threshold_cents')::integer END AS threshold
	FROM "shop_settings" WHERE "key" = 'shipping'
), figures AS (
	SELECT COALESCE((SELECT fee FROM edited), 990) AS fee, COALESCE((SELECT threshold FROM edited), 10000) AS threshold
)
INSERT INTO "delivery_methods" ("code", "name", "carrier", "price_cents", "free_threshold_cents", "delay_working_days", "zones", "active", "position")
SELECT 'standard', 'Livraison standard', 'colissimo', fee, threshold, 2, ARRAY['metropole', 'corse', 'outre-mer', 'belgique', 'suisse', 'luxembourg', 'monaco'], true, 1 FROM figures
UNION ALL
SELECT 'relay', 'Point relais', 'colissimo', GREATEST(fee - 200, 0), threshold, 3, ARRAY['metropole', 'corse'], true, 2 FROM figures
UNION ALL
SELECT 'express', 'Livraison express', 'chronopost', 1490, NULL, 1, ARRAY['metropole'], true, 3 FROM figures
ON CONFLICT ("code") DO NOTHING;
