-- Real carriers (docs/decisions/062-carriers.md). Each delivery method names its carrier's
-- product: the methods of an existing shop keep their carrier and get the product they shipped
-- by (Colissimo home or relay, Chronopost, UPS). Products get an optional packed weight, which
-- pre-fills a parcel's weight. Parcels printed by a carrier and their events get their tables;
-- orders shipped before keep their typed carrier and number on the order, as they were.
CREATE TABLE "shipment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"location" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_events_kind_valid" CHECK ("shipment_events"."kind" IN ('label_created', 'in_transit', 'out_for_delivery', 'available_for_pickup', 'delivered', 'returned_to_sender', 'exception'))
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text DEFAULT 'outbound' NOT NULL,
	"order_id" uuid NOT NULL,
	"return_id" uuid,
	"carrier" text NOT NULL,
	"product_code" text NOT NULL,
	"tracking_number" text NOT NULL,
	"weight_grams" integer NOT NULL,
	"label_format" text NOT NULL,
	"label_pdf" "bytea" NOT NULL,
	"customs_pdf" "bytea",
	"status" text DEFAULT 'label_created' NOT NULL,
	"estimated_delivery_date" date,
	"delivered_at" timestamp with time zone,
	"next_poll_at" timestamp with time zone,
	"last_polled_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_kind_valid" CHECK ("shipments"."kind" IN ('outbound', 'return')),
	CONSTRAINT "shipments_carrier_valid" CHECK ("shipments"."carrier" IN ('demo', 'colissimo', 'mondialrelay')),
	CONSTRAINT "shipments_format_valid" CHECK ("shipments"."label_format" IN ('10x15', 'A4')),
	CONSTRAINT "shipments_status_valid" CHECK ("shipments"."status" IN ('label_created', 'in_transit', 'out_for_delivery', 'available_for_pickup', 'delivered', 'returned_to_sender', 'exception')),
	CONSTRAINT "shipments_weight_range" CHECK ("shipments"."weight_grams" BETWEEN 1 AND 150000),
	CONSTRAINT "shipments_return_has_return" CHECK (("shipments"."kind" = 'return') = ("shipments"."return_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "delivery_methods" DROP CONSTRAINT "delivery_methods_carrier_valid";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "delivery_methods" ADD COLUMN "product_code" text;--> statement-breakpoint
UPDATE "delivery_methods" SET "product_code" = CASE
	WHEN "carrier" = 'chronopost' THEN 'CHRONO13'
	WHEN "carrier" = 'ups' THEN 'UPS_STANDARD'
	WHEN "code" = 'relay' THEN 'A2P'
	ELSE 'DOM' END;--> statement-breakpoint
ALTER TABLE "delivery_methods" ALTER COLUMN "product_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_events_unique" ON "shipment_events" USING btree ("shipment_id","code","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_carrier_tracking_unique" ON "shipments" USING btree ("carrier","tracking_number");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_outbound_order_unique" ON "shipments" USING btree ("order_id") WHERE "shipments"."kind" = 'outbound';--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_return_unique" ON "shipments" USING btree ("return_id") WHERE "shipments"."return_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "shipments_next_poll_idx" ON "shipments" USING btree ("next_poll_at") WHERE "shipments"."next_poll_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight_range" CHECK ("products"."weight_grams" IS NULL OR "products"."weight_grams" BETWEEN 1 AND 30000);--> statement-breakpoint
ALTER TABLE "delivery_methods" ADD CONSTRAINT "delivery_methods_carrier_valid" CHECK ("delivery_methods"."carrier" IN ('colissimo', 'mondialrelay', 'chronopost', 'ups'));