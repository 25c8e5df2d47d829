-- Notifications shown in the reader's language (docs/decisions/044-languages.md): a new
-- notification stores the catalog message that words it (account.notification.<key>.title and
-- .message) and that message's values; the pages word it at display. Existing rows keep only
-- their French title and message (both columns NULL) and are shown as they are.
ALTER TABLE "notifications" ADD COLUMN "message_key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb;
