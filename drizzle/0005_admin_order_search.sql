ALTER TABLE "orders" ADD COLUMN "search_text" text;--> statement-breakpoint
-- What the back-office order search reads: id, number, both e-mails and the shipping fields,
-- lower-case and unaccented (a trigger, because unaccent() cannot be used in a generated
-- column and the account e-mail lives in another table). Erasing an account rewrites
-- user_id, shipping_address and metadata, so the personal data leaves this text too.
CREATE OR REPLACE FUNCTION orders_search_refresh() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(unaccent(concat_ws(' ',
    NEW.id::text,
    NEW.order_number,
    NEW.metadata -> 'customer_info' ->> 'email',
    (SELECT u.email FROM "user" u WHERE u.id = NEW.user_id),
    NEW.shipping_address ->> 'first_name',
    NEW.shipping_address ->> 'last_name',
    NEW.shipping_address ->> 'company',
    NEW.shipping_address ->> 'street',
    NEW.shipping_address ->> 'additional_info',
    NEW.shipping_address ->> 'postal_code',
    NEW.shipping_address ->> 'city',
    NEW.shipping_address ->> 'state',
    NEW.shipping_address ->> 'country',
    NEW.shipping_address ->> 'phone',
    -- "0611223344" finds "06 11 22 33 44".
    regexp_replace(coalesce(NEW.shipping_address ->> 'phone', ''), '[^0-9+]', '', 'g')
  )));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_search_refresh_trg
  BEFORE INSERT OR UPDATE OF user_id, order_number, shipping_address, metadata ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_search_refresh();--> statement-breakpoint
UPDATE "orders" SET "shipping_address" = "shipping_address";--> statement-breakpoint
CREATE INDEX "orders_search_text_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);
