CREATE TABLE "gift_card_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gift_card_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"balance_after_cents" integer NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_transactions_kind_valid" CHECK ("gift_card_transactions"."kind" IN ('issue', 'use', 'refund')),
	CONSTRAINT "gift_card_transactions_sign_valid" CHECK (("gift_card_transactions"."kind" = 'use' AND "gift_card_transactions"."amount_cents" < 0) OR ("gift_card_transactions"."kind" <> 'use' AND "gift_card_transactions"."amount_cents" > 0)),
	CONSTRAINT "gift_card_transactions_balance_non_negative" CHECK ("gift_card_transactions"."balance_after_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_hash" text NOT NULL,
	"last4" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"balance_cents" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"occasion" text NOT NULL,
	"delivery_mode" text NOT NULL,
	"recipient_name" text DEFAULT '' NOT NULL,
	"recipient_email" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"purchase_order_id" uuid,
	"purchase_order_item_id" uuid,
	"buyer_user_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"expiry_reminder_sent_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "gift_cards_status_valid" CHECK ("gift_cards"."status" IN ('active', 'disabled', 'cancelled')),
	CONSTRAINT "gift_cards_delivery_mode_valid" CHECK ("gift_cards"."delivery_mode" IN ('email', 'physical')),
	CONSTRAINT "gift_cards_balance_valid" CHECK ("gift_cards"."amount_cents" > 0 AND "gift_cards"."balance_cents" >= 0 AND "gift_cards"."balance_cents" <= "gift_cards"."amount_cents")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_card_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_card_transactions" ADD CONSTRAINT "gift_card_transactions_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_transactions" ADD CONSTRAINT "gift_card_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_purchase_order_id_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_purchase_order_item_id_order_items_id_fk" FOREIGN KEY ("purchase_order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_buyer_user_id_user_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_card_transactions_card_idx" ON "gift_card_transactions" USING btree ("gift_card_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_card_transactions_order_idx" ON "gift_card_transactions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "gift_cards_created_idx" ON "gift_cards" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "gift_cards_purchase_order_idx" ON "gift_cards" USING btree ("purchase_order_id");--> statement-breakpoint
CREATE INDEX "gift_cards_expiry_reminder_idx" ON "gift_cards" USING btree ("expires_at") WHERE "gift_cards"."expiry_reminder_sent_at" IS NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_gift_card_cents_valid" CHECK ("orders"."gift_card_cents" >= 0 AND "orders"."gift_card_cents" <= "orders"."total_cents");