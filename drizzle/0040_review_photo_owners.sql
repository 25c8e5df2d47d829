CREATE TABLE "review_photos" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"review_id" uuid,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attached_at" timestamp with time zone,
	CONSTRAINT "review_photos_bytes_non_negative" CHECK ("review_photos"."bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_photos_user_created_idx" ON "review_photos" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "review_photos_review_idx" ON "review_photos" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "review_photos_pending_idx" ON "review_photos" USING btree ("created_at") WHERE "review_photos"."review_id" IS NULL;--> statement-breakpoint
-- Photos already in reviews are carried forward as attached to their review and owned by its
-- author (docs/decisions/037-reviews.md). A file two reviews name (the defect this table ends)
-- goes to the earlier review: its author uploaded it. Sizes of files already stored are not
-- known here; attached photos do not count toward the pending total, so 0 is kept.
INSERT INTO "review_photos" ("key", "user_id", "review_id", "bytes", "created_at", "attached_at")
SELECT DISTINCT ON (photo.key) photo.key, r."user_id", r."id", 0, r."created_at", r."created_at"
FROM "reviews" r
CROSS JOIN LATERAL (
  SELECT substr(url, length('/media/uploads/') + 1) AS key FROM unnest(r."photos") AS url
  WHERE url LIKE '/media/uploads/reviews/%'
) AS photo
ORDER BY photo.key, r."created_at", r."id"
ON CONFLICT ("key") DO NOTHING;
