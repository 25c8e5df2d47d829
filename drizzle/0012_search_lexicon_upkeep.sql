-- The search lexicon (decision 025): the distinct words a full-text search can find, unaccented and
-- lower-case, each with the number of products using it. A misspelt query word is corrected to its
-- nearest lexicon word (trigram index) before the normal full-text search runs. The words come from
-- the same fields as products.search_vector (name, brand, tags, description), so a word the search
-- can find is never "corrected" away. Kept by the database, so every writer keeps it fresh.
CREATE OR REPLACE FUNCTION search_lexicon_words(p_name text, p_brand text, p_tags text[], p_description text)
RETURNS SETOF text
LANGUAGE sql STABLE AS $$
  -- The text search parser splits the words and a tsvector holds each once: cheaper than a
  -- regular expression split and a DISTINCT on a bulk import.
  SELECT w
  FROM unnest(tsvector_to_array(to_tsvector('simple',
         lower(unaccent(concat_ws(' ', p_name, p_brand, array_to_string(p_tags, ' '), p_description)))))) AS w
  -- Numbers ("n°1042", "50 ml") are not words anyone misspells; they would only bloat the lexicon.
  -- Compounds and addresses ("anti-age", "a.b@c.fr") are left out: their parts are in.
  WHERE length(w) BETWEEN 2 AND 40 AND w ~ '^[a-z0-9]*[a-z][a-z0-9]*$'
$$;
--> statement-breakpoint
-- Statement-level on insert and delete: a bulk import of a thousand products makes one upsert per
-- distinct word, not one per word per product. Rows are upserted in word order so two writers never
-- lock the same words in opposite orders.
CREATE OR REPLACE FUNCTION search_lexicon_products_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexicon (word, documents)
  SELECT w, count(*)
  FROM inserted_products n CROSS JOIN LATERAL search_lexicon_words(n.name, n.brand, n.tags, n.description) AS w
  GROUP BY w
  ORDER BY w
  ON CONFLICT (word) DO UPDATE SET documents = search_lexicon.documents + EXCLUDED.documents;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_lexicon_products_insert_trg
  AFTER INSERT ON products
  REFERENCING NEW TABLE AS inserted_products
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_products_inserted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_lexicon_products_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  emptied text[];
BEGIN
  WITH gone AS (
    SELECT w, count(*) AS n
    FROM deleted_products o CROSS JOIN LATERAL search_lexicon_words(o.name, o.brand, o.tags, o.description) AS w
    GROUP BY w
  ), counted AS (
    UPDATE search_lexicon l SET documents = l.documents - gone.n FROM gone WHERE l.word = gone.w
    RETURNING l.word, l.documents
  )
  SELECT array_agg(word) INTO emptied FROM counted WHERE documents <= 0;
  -- A word no product uses any more must not be offered as a correction.
  DELETE FROM search_lexicon WHERE word = ANY (emptied);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_lexicon_products_delete_trg
  AFTER DELETE ON products
  REFERENCING OLD TABLE AS deleted_products
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_products_deleted();
--> statement-breakpoint
-- Row-level on update, and only when a searched field changed: the stock and price roll-ups written
-- at every checkout never reach this function.
CREATE OR REPLACE FUNCTION search_lexicon_product_renamed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  emptied text[];
BEGIN
  WITH gone AS (
    SELECT search_lexicon_words(OLD.name, OLD.brand, OLD.tags, OLD.description) AS w
    EXCEPT SELECT search_lexicon_words(NEW.name, NEW.brand, NEW.tags, NEW.description)
  ), counted AS (
    UPDATE search_lexicon l SET documents = l.documents - 1 FROM gone WHERE l.word = gone.w
    RETURNING l.word, l.documents
  )
  SELECT array_agg(word) INTO emptied FROM counted WHERE documents <= 0;
  DELETE FROM search_lexicon WHERE word = ANY (emptied);
  INSERT INTO search_lexicon (word, documents)
  SELECT w, 1
  FROM (SELECT search_lexicon_words(NEW.name, NEW.brand, NEW.tags, NEW.description) AS w
        EXCEPT SELECT search_lexicon_words(OLD.name, OLD.brand, OLD.tags, OLD.description)) added
  ORDER BY w
  ON CONFLICT (word) DO UPDATE SET documents = search_lexicon.documents + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_lexicon_product_update_trg
  AFTER UPDATE OF name, brand, tags, description ON products
  FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.brand IS DISTINCT FROM NEW.brand
        OR OLD.tags IS DISTINCT FROM NEW.tags OR OLD.description IS DISTINCT FROM NEW.description)
  EXECUTE FUNCTION search_lexicon_product_renamed();
--> statement-breakpoint
-- Shops that already have products: their words, counted once.
INSERT INTO search_lexicon (word, documents)
SELECT w, count(*)
FROM products p CROSS JOIN LATERAL search_lexicon_words(p.name, p.brand, p.tags, p.description) AS w
GROUP BY w
ORDER BY w
ON CONFLICT (word) DO UPDATE SET documents = EXCLUDED.documents;
