-- Accounts created before e-mail verification existed keep working as verified
-- (docs/decisions/042-accounts-recovery-and-password-policy.md): no reminder, no lock-out.
UPDATE "user" SET "email_verified" = true WHERE "email_verified" = false;
--> statement-breakpoint
-- Every account has first and last names for greetings: from "name", split on the first space.
INSERT INTO "user_profiles" ("id", "first_name", "last_name")
SELECT u."id",
       COALESCE(NULLIF(split_part(btrim(u."name"), ' ', 1), ''), 'Client'),
       NULLIF(btrim(substr(btrim(u."name"), length(split_part(btrim(u."name"), ' ', 1)) + 1)), '')
FROM "user" u
WHERE NOT EXISTS (SELECT 1 FROM "user_profiles" p WHERE p."id" = u."id");
--> statement-breakpoint
-- Profiles whose first name was never filled in take it from "name" the same way.
UPDATE "user_profiles" p
SET "first_name" = split_part(btrim(u."name"), ' ', 1),
    "last_name" = COALESCE(p."last_name", NULLIF(btrim(substr(btrim(u."name"), length(split_part(btrim(u."name"), ' ', 1)) + 1)), ''))
FROM "user" u
WHERE u."id" = p."id" AND btrim(p."first_name") = '' AND split_part(btrim(u."name"), ' ', 1) <> '';
