-- A visitor's back-in-stock mail speaks the language of the page they asked from
-- (docs/decisions/044-languages.md). Existing alerts keep NULL: they are mailed as before (the
-- address's account language, else French).
ALTER TABLE "restock_alerts" ADD COLUMN "language" text;
