ALTER TABLE "products" ADD COLUMN "facet_key" smallint GENERATED ALWAYS AS ((CASE WHEN price_cents < 2000 THEN 0 WHEN price_cents < 5000 THEN 1 WHEN price_cents < 10000 THEN 2 ELSE 3 END) + 4 * (CASE attributes ->> 'skin_type' WHEN 'normale' THEN 1 WHEN 'seche' THEN 2 WHEN 'grasse' THEN 3 WHEN 'mixte' THEN 4 WHEN 'sensible' THEN 5 WHEN 'tous-types' THEN 6 ELSE 0 END) + 32 * (rating >= 4)::int + 64 * in_stock::int + 128 * coalesce(original_price_cents > price_cents, false)::int) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_facet_cube_idx" ON "products" USING btree ("category_id","brand_id","facet_key","featured","price_cents");--> statement-breakpoint
CREATE INDEX "products_facet_key_idx" ON "products" USING btree ("facet_key");--> statement-breakpoint
-- Up to 256 values whose frequencies the planner should know exactly (combinations of filters).
ALTER TABLE "products" ALTER COLUMN "facet_key" SET STATISTICS 1000;
