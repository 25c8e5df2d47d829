CREATE TABLE "admin_activity_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_type" text DEFAULT 'user' NOT NULL,
	"actor_id" text,
	"actor_label" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"summary" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE INDEX "admin_activity_log_occurred_idx" ON "admin_activity_log" USING btree ("occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_activity_log_entity_idx" ON "admin_activity_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "admin_activity_log_actor_idx" ON "admin_activity_log" USING btree ("actor_id","occurred_at");