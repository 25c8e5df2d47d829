-- The admin API's lists walk by (updated_at at the millisecond, id) (decision 049, db/keyset.ts).
-- Each listed table gets the index of exactly that expression, so a page is an ordered index range
-- scan instead of a sort of the whole table. The expression is taken in UTC: date_trunc on a
-- timestamptz depends on the session's time zone and cannot be indexed, on a UTC timestamp it can.
-- Gift cards have no updated_at column (their last change is computed) and get no index here.
-- webhook_deliveries(event_id) serves the retention purge and the cascade from webhook_events.
CREATE INDEX IF NOT EXISTS "user_keyset_idx" ON "user" USING btree (date_trunc('milliseconds', ("updated_at") AT TIME ZONE 'UTC'),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "brands_keyset_idx" ON "brands" USING btree (date_trunc('milliseconds', ("updated_at") AT TIME ZONE 'UTC'),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "categories_keyset_idx" ON "categories" USING btree (date_trunc('milliseconds', ("updated_at") AT TIME ZONE 'UTC'),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_variants_keyset_idx" ON "product_variants" USING btree (date_trunc('milliseconds', ("updated_at") AT TIME ZONE 'UTC'),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_keyset_idx" ON "products" USING btree (date_trunc('milliseconds', ("updated_at") AT TIME ZONE 'UTC'),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_keyset_idx" ON "orders" USING btree (date_trunc('milliseconds', ("updated_at") AT TIME ZONE 'UTC'),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "promo_codes_keyset_idx" ON "promo_codes" USING btree (date_trunc('milliseconds', ("updated_at") AT TIME ZONE 'UTC'),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "returns_keyset_idx" ON "returns" USING btree (date_trunc('milliseconds', ("updated_at") AT TIME ZONE 'UTC'),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reviews_keyset_idx" ON "reviews" USING btree (date_trunc('milliseconds', ("updated_at") AT TIME ZONE 'UTC'),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("event_id");