CREATE TABLE "catalog_facet_cells" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"category_id" uuid,
	"brand_id" uuid,
	"facet_key" smallint NOT NULL,
	"products" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalog_facet_cells_cell_idx" ON "catalog_facet_cells" USING btree ("category_id","brand_id","facet_key");--> statement-breakpoint
-- The facet cube of the whole catalogue, kept by the database (decision 027): each statement that
-- writes products appends, per (category, brand, facet key) cell it changed, the net number of
-- products that came in or went out. Appending takes no lock, so two checkouts that sell out two
-- products of one cell never wait on each other nor deadlock; a job folds the deltas back into
-- one row per cell. Statement-level with transition tables: a bulk import appends one row per
-- cell, and a stock move that leaves the facet key as it was appends nothing.
CREATE OR REPLACE FUNCTION catalog_facet_cells_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO catalog_facet_cells (category_id, brand_id, facet_key, products)
    SELECT category_id, brand_id, facet_key, count(*) FROM facet_new_rows GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO catalog_facet_cells (category_id, brand_id, facet_key, products)
    SELECT category_id, brand_id, facet_key, -count(*) FROM facet_old_rows GROUP BY 1, 2, 3;
  ELSE
    INSERT INTO catalog_facet_cells (category_id, brand_id, facet_key, products)
    SELECT category_id, brand_id, facet_key, sum(d)
    FROM (
      SELECT category_id, brand_id, facet_key, 1 AS d FROM facet_new_rows
      UNION ALL
      SELECT category_id, brand_id, facet_key, -1 AS d FROM facet_old_rows
    ) moved
    GROUP BY 1, 2, 3
    HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER catalog_facet_cells_insert_trg
  AFTER INSERT ON products
  REFERENCING NEW TABLE AS facet_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_facet_cells_changed();
--> statement-breakpoint
CREATE TRIGGER catalog_facet_cells_update_trg
  AFTER UPDATE ON products
  REFERENCING OLD TABLE AS facet_old_rows NEW TABLE AS facet_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_facet_cells_changed();
--> statement-breakpoint
CREATE TRIGGER catalog_facet_cells_delete_trg
  AFTER DELETE ON products
  REFERENCING OLD TABLE AS facet_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_facet_cells_changed();
--> statement-breakpoint
-- A shop that already has products starts with its cube.
INSERT INTO catalog_facet_cells (category_id, brand_id, facet_key, products)
SELECT category_id, brand_id, facet_key, count(*) FROM products GROUP BY 1, 2, 3;
