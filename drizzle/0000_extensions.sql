-- drizzle-kit does not write CREATE EXTENSION: kept here, applied before the tables.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- French text search that folds accents: "creme" finds "Crème", "parfums" finds "parfum".
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'aurore_fr') THEN
    CREATE TEXT SEARCH CONFIGURATION aurore_fr (COPY = french);
    ALTER TEXT SEARCH CONFIGURATION aurore_fr
      ALTER MAPPING FOR hword, hword_part, word WITH unaccent, french_stem;
  END IF;
END
$$;
