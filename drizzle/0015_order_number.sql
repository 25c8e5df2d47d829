CREATE TABLE "order_number_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "order_number_counters_last_value_positive" CHECK ("order_number_counters"."last_value" > 0)
);
--> statement-breakpoint
-- Orders placed before numbering get "AUR-<year>-<rank>" by their Paris calendar year, in the
-- order they were placed; their old "CMD-" number and id still find them in the back-office
-- search (the id stays in search_text, the search drops a typed "#" or "CMD-").
WITH numbered AS (
  SELECT
    id,
    extract(year FROM created_at AT TIME ZONE 'Europe/Paris')::integer AS year,
    row_number() OVER (
      PARTITION BY extract(year FROM created_at AT TIME ZONE 'Europe/Paris')
      ORDER BY created_at, id
    )::integer AS rank
  FROM "orders"
)
UPDATE "orders" o
SET "order_number" = 'AUR-' || n.year || '-' || lpad(n.rank::text, greatest(6, length(n.rank::text)), '0')
FROM numbered n
WHERE o.id = n.id;--> statement-breakpoint
-- The counter of each year continues after the orders numbered above.
INSERT INTO "order_number_counters" ("year", "last_value")
SELECT extract(year FROM created_at AT TIME ZONE 'Europe/Paris')::integer, count(*)::integer
FROM "orders"
GROUP BY 1;
