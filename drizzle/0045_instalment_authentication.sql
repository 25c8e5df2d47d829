-- An instalment the bank wants authenticated (docs/decisions/035-instalments.md, "An instalment
-- the bank wants authenticated"): the hash and expiry of the link mailed to the shopper, and the
-- provider's authentication of the shopper's try. New nullable columns, a CHECK and a partial
-- index: existing rows carry forward as they are (no link, so not waiting for the shopper).
ALTER TABLE "payment_instalments" ADD COLUMN "authentication_token_hash" text;--> statement-breakpoint
ALTER TABLE "payment_instalments" ADD COLUMN "authentication_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_instalments" ADD COLUMN "authentication_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_instalments_authentication_token_idx" ON "payment_instalments" USING btree ("authentication_token_hash") WHERE "payment_instalments"."authentication_token_hash" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_instalments" ADD CONSTRAINT "payment_instalments_authentication_link_expires" CHECK (("payment_instalments"."authentication_token_hash" IS NULL) = ("payment_instalments"."authentication_expires_at" IS NULL));