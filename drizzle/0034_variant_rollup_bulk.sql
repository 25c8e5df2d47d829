-- Bulk catalogue writes (docs/decisions/051-catalogue-import-export.md): a transaction that sets
-- aurore.defer_variant_rollup to 'on' (SET LOCAL, so only itself) takes the product roll-ups on
-- itself and recomputes them in one set-based UPDATE before it commits, instead of this trigger
-- updating the product row once per variant at commit (25,000 variants: 25,000 product updates,
-- each firing the product triggers). Every other transaction keeps the per-variant roll-up.
CREATE OR REPLACE FUNCTION product_variants_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  pid uuid;
  stock_delta integer := 0;
  count_delta integer := 0;
  price_changed boolean := true;
BEGIN
  IF current_setting('aurore.defer_variant_rollup', true) = 'on' THEN
    RETURN NULL;
  END IF;
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
