CREATE TABLE "support_ticket_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author_type" text NOT NULL,
	"author_id" text,
	"author_label" text,
	"body" text NOT NULL,
	"internal_note" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_ticket_messages_author_type_valid" CHECK ("support_ticket_messages"."author_type" IN ('customer', 'visitor_email', 'admin', 'system')),
	CONSTRAINT "support_ticket_messages_note_by_admin" CHECK (NOT "support_ticket_messages"."internal_note" OR "support_ticket_messages"."author_type" = 'admin')
);
--> statement-breakpoint
ALTER TABLE "support_tickets" DROP CONSTRAINT "support_tickets_category_valid";--> statement-breakpoint
ALTER TABLE "security_reports" ADD COLUMN "ticket_id" uuid;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "last_customer_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "last_admin_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "admin_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "customer_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_ticket_messages" ADD CONSTRAINT "support_ticket_messages_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_ticket_messages_ticket_idx" ON "support_ticket_messages" USING btree ("ticket_id","created_at","id");--> statement-breakpoint
ALTER TABLE "security_reports" ADD CONSTRAINT "security_reports_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_category_valid" CHECK ("support_tickets"."category" IN ('order', 'product', 'account', 'technical', 'other', 'security'));--> statement-breakpoint
-- Each existing ticket's message becomes the first message of its thread (decision 046).
INSERT INTO "support_ticket_messages" ("ticket_id", "author_type", "author_id", "author_label", "body", "created_at")
SELECT "id", CASE WHEN "user_id" IS NULL THEN 'visitor_email' ELSE 'customer' END, "user_id", "contact_name", "description", "created_at"
FROM "support_tickets";--> statement-breakpoint
UPDATE "support_tickets" SET
  "last_customer_message_at" = "created_at",
  "customer_read_at" = "created_at",
  "admin_read_at" = CASE WHEN "status" IN ('resolved', 'closed') THEN "updated_at" END;
