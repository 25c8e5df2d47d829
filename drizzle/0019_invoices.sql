CREATE TABLE "invoice_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"total_cents" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"pdf" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_documents_number_unique" UNIQUE("number"),
	CONSTRAINT "invoice_documents_kind_valid" CHECK ("invoice_documents"."kind" IN ('invoice', 'credit_note')),
	CONSTRAINT "invoice_documents_total_non_negative" CHECK ("invoice_documents"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_number_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "invoice_number_counters_kind_year_pk" PRIMARY KEY("kind","year"),
	CONSTRAINT "invoice_number_counters_kind_valid" CHECK ("invoice_number_counters"."kind" IN ('invoice', 'credit_note')),
	CONSTRAINT "invoice_number_counters_last_value_positive" CHECK ("invoice_number_counters"."last_value" > 0)
);
--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_one_invoice_per_order_idx" ON "invoice_documents" USING btree ("order_id") WHERE "invoice_documents"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "invoice_documents_order_idx" ON "invoice_documents" USING btree ("order_id","issued_at");