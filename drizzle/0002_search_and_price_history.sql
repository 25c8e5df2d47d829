-- Full-text search vector and trigram text, kept by the database so every writer
-- (seed, back-office, bulk import) gets them right.
CREATE OR REPLACE FUNCTION products_search_refresh() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('aurore_fr', coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('aurore_fr', coalesce(NEW.brand, '')), 'B') ||
    setweight(to_tsvector('aurore_fr', coalesce(array_to_string(NEW.tags, ' '), '')), 'B') ||
    setweight(to_tsvector('aurore_fr', coalesce(NEW.description, '')), 'C');
  NEW.search_text := lower(unaccent(
    coalesce(NEW.name, '') || ' ' || coalesce(NEW.brand, '') || ' ' || coalesce(array_to_string(NEW.tags, ' '), '')
  ));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_refresh_trg
  BEFORE INSERT OR UPDATE OF name, brand, tags, description ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_refresh();
--> statement-breakpoint
-- Price history: one row at creation and one at each change of price or original price.
-- Lets a page show the lowest price of the last 30 days next to a crossed-out price.
CREATE OR REPLACE FUNCTION products_price_history_record() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT'
     OR NEW.price_cents IS DISTINCT FROM OLD.price_cents
     OR NEW.original_price_cents IS DISTINCT FROM OLD.original_price_cents THEN
    INSERT INTO price_history (product_id, price_cents, original_price_cents)
    VALUES (NEW.id, NEW.price_cents, NEW.original_price_cents);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_price_history_trg
  AFTER INSERT OR UPDATE OF price_cents, original_price_cents ON products
  FOR EACH ROW EXECUTE FUNCTION products_price_history_record();
--> statement-breakpoint
-- Keep updated_at honest on every product update.
CREATE OR REPLACE FUNCTION touch_updated_at() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_touch_updated_at_trg
  BEFORE UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
