-- Rows written between the variants upgrade and this one without a variant get their product's
-- first variant (lines of a product left without any variant cannot be sold and go).
UPDATE "cart_items" t SET "variant_id" = (SELECT v."id" FROM "product_variants" v WHERE v."product_id" = t."product_id" ORDER BY v."position", v."id" LIMIT 1) WHERE t."variant_id" IS NULL;--> statement-breakpoint
DELETE FROM "cart_items" WHERE "variant_id" IS NULL;--> statement-breakpoint
UPDATE "stock_movements" t SET "variant_id" = (SELECT v."id" FROM "product_variants" v WHERE v."product_id" = t."product_id" ORDER BY v."position", v."id" LIMIT 1) WHERE t."variant_id" IS NULL;--> statement-breakpoint
DELETE FROM "stock_movements" WHERE "variant_id" IS NULL;--> statement-breakpoint
DROP INDEX "cart_items_user_product_idx";--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ALTER COLUMN "variant_id" SET NOT NULL;
