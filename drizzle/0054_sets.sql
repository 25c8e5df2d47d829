CREATE TABLE "bundle_components" (
	"bundle_variant_id" uuid NOT NULL,
	"component_variant_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bundle_components_bundle_variant_id_component_variant_id_pk" PRIMARY KEY("bundle_variant_id","component_variant_id"),
	CONSTRAINT "bundle_components_quantity_range" CHECK ("bundle_components"."quantity" BETWEEN 1 AND 99),
	CONSTRAINT "bundle_components_not_itself" CHECK ("bundle_components"."bundle_variant_id" <> "bundle_components"."component_variant_id")
);
--> statement-breakpoint
CREATE TABLE "product_bundles" (
	"variant_id" uuid PRIMARY KEY NOT NULL,
	"returnable_by_component" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bundle_components" ADD CONSTRAINT "bundle_components_bundle_variant_id_product_bundles_variant_id_fk" FOREIGN KEY ("bundle_variant_id") REFERENCES "public"."product_bundles"("variant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_components" ADD CONSTRAINT "bundle_components_component_variant_id_product_variants_id_fk" FOREIGN KEY ("component_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_bundles" ADD CONSTRAINT "product_bundles_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bundle_components_component_idx" ON "bundle_components" USING btree ("component_variant_id");--> statement-breakpoint
-- A set that loses a component (its product deleted) is sold out until the back office reviews
-- its composition: selling it would ship an incomplete set (docs/decisions/070-sets.md).
CREATE OR REPLACE FUNCTION bundle_component_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_variants SET stock_quantity = 0 WHERE id = OLD.bundle_variant_id AND stock_quantity <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bundle_components_removed AFTER DELETE ON bundle_components
  FOR EACH ROW EXECUTE FUNCTION bundle_component_removed();
