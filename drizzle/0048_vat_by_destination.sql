-- VAT by destination (docs/decisions/063-vat-by-destination.md). A dated rate table, seeded with
-- the rates in force (France, Belgium, Luxembourg; standard and reduced), products get a tax
-- class (standard: perfume and cosmetics) and their customs code and origin for the CN23, orders
-- and their lines keep the VAT they were placed under. Existing orders keep NULL there: they
-- were placed under French VAT at 20 % and their invoices are frozen snapshots, never re-taxed.
CREATE TABLE "tax_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country_code" text NOT NULL,
	"tax_class" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_country_valid" CHECK ("tax_rates"."country_code" IN ('FR', 'BE', 'LU')),
	CONSTRAINT "tax_rates_class_valid" CHECK ("tax_rates"."tax_class" IN ('standard', 'reduced')),
	CONSTRAINT "tax_rates_rate_range" CHECK ("tax_rates"."rate_bp" BETWEEN 0 AND 3000),
	CONSTRAINT "tax_rates_period_order" CHECK ("tax_rates"."valid_until" IS NULL OR "tax_rates"."valid_until" >= "tax_rates"."valid_from")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hs_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "origin_country" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vat_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_regime" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax" jsonb;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "business_invoice" jsonb;--> statement-breakpoint
CREATE INDEX "tax_rates_country_class_idx" ON "tax_rates" USING btree ("country_code","tax_class","valid_from");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_class_valid" CHECK ("products"."tax_class" IN ('standard', 'reduced'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hs_code_format" CHECK ("products"."hs_code" IS NULL OR "products"."hs_code" ~ '^[0-9]{6,10}$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_origin_country_format" CHECK ("products"."origin_country" IS NULL OR "products"."origin_country" ~ '^[A-Z]{2}$');--> statement-breakpoint
INSERT INTO "tax_rates" ("country_code", "tax_class", "rate_bp", "valid_from") VALUES
	('FR', 'standard', 2000, '2014-01-01'),
	('FR', 'reduced', 550, '2014-01-01'),
	('BE', 'standard', 2100, '1996-01-01'),
	('BE', 'reduced', 600, '1996-01-01'),
	('LU', 'standard', 1700, '2024-01-01'),
	('LU', 'reduced', 800, '2024-01-01');
