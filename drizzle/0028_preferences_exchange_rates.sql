CREATE TABLE "exchange_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"rate_e4" integer NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_currency_valid" CHECK ("exchange_rates"."currency" IN ('USD', 'GBP', 'CHF')),
	CONSTRAINT "exchange_rates_rate_valid" CHECK ("exchange_rates"."rate_e4" > 0)
);
--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "email_review_invitations" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Default indicative rates (one euro buys), editable in Paramètres.
INSERT INTO "exchange_rates" ("currency", "rate_e4") VALUES ('USD', 10800), ('GBP', 8500), ('CHF', 9500) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Review invitations used to need both the order and the marketing switches: keep that choice.
UPDATE "user_preferences" SET "email_review_invitations" = ("email_order_updates" AND "email_marketing");
--> statement-breakpoint
-- "Offres marketing" and "Promotions" become one switch: whoever turned either off stays off.
UPDATE "user_preferences" SET "email_promotions" = ("email_promotions" AND "email_marketing");
--> statement-breakpoint
-- Spanish and German are not translated, so not offered: those shoppers read French.
UPDATE "user_preferences" SET "language" = 'fr' WHERE "language" IN ('es', 'de');
--> statement-breakpoint
-- The newsletter switch shows the real subscription (newsletter_subscriptions).
UPDATE "user_preferences" AS p SET "email_newsletters" = EXISTS (
  SELECT 1 FROM "newsletter_subscriptions" s JOIN "user" u ON lower(u."email") = s."email"
  WHERE u."id" = p."user_id" AND s."confirmed_at" IS NOT NULL AND s."unsubscribed_at" IS NULL
);
