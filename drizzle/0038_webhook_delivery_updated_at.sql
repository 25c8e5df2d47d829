-- The admin API walks an endpoint's delivery log by (updated_at, id) like its other lists
-- (decisions 049 and 050): a delivery changes with each attempt and each 'Renvoyer', so it gets an
-- updated_at kept by the touch_updated_at trigger. Existing rows take their last known change.
ALTER TABLE "webhook_deliveries" ADD COLUMN IF NOT EXISTS "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "webhook_deliveries" d SET "updated_at" = greatest(
  d."created_at",
  d."window_started_at",
  coalesce(d."delivered_at", d."created_at"),
  coalesce((SELECT max(a."attempted_at") FROM "webhook_attempts" a WHERE a."delivery_id" = d."id"), d."created_at")
);--> statement-breakpoint
CREATE TRIGGER webhook_deliveries_touch_updated_at_trg
  BEFORE UPDATE ON "webhook_deliveries"
  FOR EACH ROW EXECUTE FUNCTION touch_updated_at();--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_deliveries_endpoint_keyset_idx" ON "webhook_deliveries" USING btree ("endpoint_id",date_trunc('milliseconds', ("updated_at") AT TIME ZONE 'UTC'),"id");
