ALTER TABLE "gift_card_transactions" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "recipient_user_id" text;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_recipient_user_id_user_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;