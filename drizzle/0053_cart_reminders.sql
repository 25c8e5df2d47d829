CREATE TABLE "cart_reminders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text,
	"episode_started_at" timestamp with time zone NOT NULL,
	"step" smallint NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"cart_amount_cents" integer NOT NULL,
	"item_count" integer NOT NULL,
	"recovered_order_id" uuid,
	"recovered_amount_cents" integer,
	"recovered_at" timestamp with time zone,
	CONSTRAINT "cart_reminders_step_range" CHECK ("cart_reminders"."step" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_recovered_order_id_orders_id_fk" FOREIGN KEY ("recovered_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_episode_step_idx" ON "cart_reminders" USING btree ("user_id","episode_started_at","step");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_recovered_order_idx" ON "cart_reminders" USING btree ("recovered_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_episode_recovered_idx" ON "cart_reminders" USING btree ("user_id","episode_started_at") WHERE "cart_reminders"."recovered_order_id" is not null;--> statement-breakpoint
CREATE INDEX "cart_reminders_sent_idx" ON "cart_reminders" USING btree ("sent_at");