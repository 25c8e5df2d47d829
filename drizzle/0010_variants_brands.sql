CREATE TABLE "brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"logo_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brands_name_unique" UNIQUE("name"),
	CONSTRAINT "brands_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"label" text NOT NULL,
	"size" text,
	"shade" text,
	"shade_hex" text,
	"content_amount" numeric(10, 2),
	"content_unit" text,
	"price_cents" integer NOT NULL,
	"original_price_cents" integer,
	"stock_quantity" integer DEFAULT 0 NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_sku_unique" UNIQUE("sku"),
	CONSTRAINT "product_variants_price_positive" CHECK ("product_variants"."price_cents" > 0),
	CONSTRAINT "product_variants_original_price_positive" CHECK ("product_variants"."original_price_cents" IS NULL OR "product_variants"."original_price_cents" > 0),
	CONSTRAINT "product_variants_stock_non_negative" CHECK ("product_variants"."stock_quantity" >= 0),
	CONSTRAINT "product_variants_shade_hex" CHECK ("product_variants"."shade_hex" IS NULL OR "product_variants"."shade_hex" ~ '^#[0-9a-f]{6}$'),
	CONSTRAINT "product_variants_content" CHECK (("product_variants"."content_amount" IS NULL AND "product_variants"."content_unit" IS NULL) OR ("product_variants"."content_amount" > 0 AND "product_variants"."content_unit" IN ('ml', 'g')))
);
--> statement-breakpoint
CREATE TABLE "restock_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"variant_id" uuid NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"confirm_token_hash" text,
	"confirmed_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_lexicon" (
	"word" text PRIMARY KEY NOT NULL,
	"documents" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_history" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "brand_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ingredients" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "usage_tips" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variant_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restock_alerts" ADD CONSTRAINT "restock_alerts_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restock_alerts" ADD CONSTRAINT "restock_alerts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position","id");--> statement-breakpoint
CREATE UNIQUE INDEX "restock_alerts_pending_email_idx" ON "restock_alerts" USING btree ("variant_id",lower("email")) WHERE "restock_alerts"."notified_at" IS NULL;--> statement-breakpoint
CREATE INDEX "restock_alerts_waiting_idx" ON "restock_alerts" USING btree ("variant_id") WHERE "restock_alerts"."notified_at" IS NULL AND "restock_alerts"."confirmed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "search_lexicon_word_trgm_idx" ON "search_lexicon" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_history_variant_recorded_idx" ON "price_history" USING btree ("variant_id","recorded_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_brand_created_idx" ON "products" USING btree ("brand_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_user_variant_idx" ON "cart_items" USING btree ("user_id","variant_id");--> statement-breakpoint
CREATE INDEX "order_items_variant_idx" ON "order_items" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "stock_movements_variant_idx" ON "stock_movements" USING btree ("variant_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
-- Carry every existing shop forward (decision 025): brands become records, every product becomes
-- a one-variant product, and the rows that point at a product also point at its variant. This
-- runs before the triggers below exist, so stock is not counted twice and the price history
-- keeps its dates (the 30-day reference price must not restart at the upgrade).
INSERT INTO "brands" ("name", "slug")
SELECT b.name,
       CASE WHEN row_number() OVER (PARTITION BY b.base ORDER BY b.name) = 1 THEN b.base
            ELSE b.base || '-' || row_number() OVER (PARTITION BY b.base ORDER BY b.name) END
FROM (
  SELECT DISTINCT btrim("brand") AS name,
         coalesce(nullif(btrim(regexp_replace(lower(unaccent(btrim("brand"))), '[^a-z0-9]+', '-', 'g'), '-'), ''), 'marque') AS base
  FROM "products" WHERE "brand" IS NOT NULL AND btrim("brand") <> ''
) b;
--> statement-breakpoint
UPDATE "products" p SET "brand_id" = b."id", "brand" = b."name"
FROM "brands" b WHERE b."name" = btrim(p."brand");
--> statement-breakpoint
INSERT INTO "product_variants"
  ("product_id", "sku", "label", "size", "content_amount", "content_unit", "price_cents", "original_price_cents",
   "stock_quantity", "position", "created_at", "updated_at")
SELECT p."id",
       coalesce(nullif(btrim(p."sku"), ''), 'AUR-' || upper(left(replace(p."id"::text, '-', ''), 12))),
       coalesce(nullif(btrim(p."attributes"->>'size'), ''), 'Format unique'),
       nullif(btrim(p."attributes"->>'size'), ''),
       replace(m[1], ',', '.')::numeric,
       m[2],
       p."price_cents", p."original_price_cents", p."stock_quantity", 0, p."created_at", p."updated_at"
FROM "products" p
LEFT JOIN LATERAL (SELECT regexp_match(lower(p."attributes"->>'size'), '^\s*([0-9]+(?:[.,][0-9]+)?)\s*(ml|g)\s*$') AS m) s ON true;
--> statement-breakpoint
UPDATE "products" SET "variant_count" = 1;
--> statement-breakpoint
UPDATE "price_history" t SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = t."product_id";
--> statement-breakpoint
UPDATE "cart_items" t SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = t."product_id";
--> statement-breakpoint
UPDATE "order_items" t SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = t."product_id";
--> statement-breakpoint
UPDATE "order_items" t SET "product_snapshot" = t."product_snapshot" || jsonb_build_object('variant_label', v."label", 'sku', v."sku")
FROM "product_variants" v WHERE v."id" = t."variant_id" AND NOT (t."product_snapshot" ? 'variant_label');
--> statement-breakpoint
UPDATE "stock_movements" t SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = t."product_id";
--> statement-breakpoint
-- Price history is now recorded per variant.
DROP TRIGGER IF EXISTS products_price_history_trg ON "products";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_variants_price_history_record() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT'
     OR NEW.price_cents IS DISTINCT FROM OLD.price_cents
     OR NEW.original_price_cents IS DISTINCT FROM OLD.original_price_cents THEN
    INSERT INTO price_history (product_id, variant_id, price_cents, original_price_cents)
    VALUES (NEW.product_id, NEW.id, NEW.price_cents, NEW.original_price_cents);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_variants_price_history_trg
  AFTER INSERT OR UPDATE OF price_cents, original_price_cents ON "product_variants"
  FOR EACH ROW EXECUTE FUNCTION product_variants_price_history_record();
--> statement-breakpoint
CREATE TRIGGER product_variants_touch_updated_at_trg
  BEFORE UPDATE ON "product_variants"
  FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
--> statement-breakpoint
-- The product's roll-ups (stock, in stock, variant count, and the price and original price of its
-- cheapest variant). Deferred to commit, so a transaction that takes stock from two variants of
-- one product never holds the product row while waiting for a variant row (no lock cycle); stock
-- moves by delta, which stays right when several transactions commit at once.
CREATE OR REPLACE FUNCTION product_variants_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  pid uuid;
  stock_delta integer := 0;
  count_delta integer := 0;
  price_changed boolean := true;
BEGIN
  IF TG_OP = 'DELETE' THEN
    pid := OLD.product_id; stock_delta := -OLD.stock_quantity; count_delta := -1;
  ELSIF TG_OP = 'INSERT' THEN
    pid := NEW.product_id; stock_delta := NEW.stock_quantity; count_delta := 1;
  ELSE
    pid := NEW.product_id; stock_delta := NEW.stock_quantity - OLD.stock_quantity;
    price_changed := NEW.price_cents IS DISTINCT FROM OLD.price_cents
      OR NEW.original_price_cents IS DISTINCT FROM OLD.original_price_cents
      OR NEW.position IS DISTINCT FROM OLD.position;
  END IF;
  IF stock_delta <> 0 OR count_delta <> 0 THEN
    UPDATE products
       SET stock_quantity = stock_quantity + stock_delta,
           in_stock = stock_quantity + stock_delta > 0,
           variant_count = variant_count + count_delta
     WHERE id = pid;
  END IF;
  IF price_changed THEN
    UPDATE products p
       SET price_cents = v.price_cents, original_price_cents = v.original_price_cents
      FROM (SELECT price_cents, original_price_cents FROM product_variants
             WHERE product_id = pid ORDER BY price_cents, position, id LIMIT 1) v
     WHERE p.id = pid
       AND (p.price_cents IS DISTINCT FROM v.price_cents OR p.original_price_cents IS DISTINCT FROM v.original_price_cents);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_variants_rollup_trg
  AFTER INSERT OR UPDATE OR DELETE ON "product_variants"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION product_variants_rollup();
