CREATE TABLE "order_samples" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"sample_id" uuid,
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"restocked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "samples" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text,
	"stock_quantity" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "samples_stock_non_negative" CHECK ("samples"."stock_quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_samples" ADD CONSTRAINT "order_samples_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_samples" ADD CONSTRAINT "order_samples_sample_id_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."samples"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_samples_order_idx" ON "order_samples" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "samples_sort_idx" ON "samples" USING btree ("sort_order","name");