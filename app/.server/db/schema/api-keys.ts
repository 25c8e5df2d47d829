import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * The admin API's keys (decision 049). Only a SHA-256 of the secret is kept (the secret is shown
 * once, at creation); `prefix` is the secret's visible start ("aur_live_AbCdEfGh") so an
 * administrator recognises a key in the list and in a connector's configuration. Scopes are
 * "<area>:read" or "<area>:write" (write implies read). A revoked or expired key stays listed,
 * refused at once.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    secretHash: text("secret_hash").notNull(),
    scopes: text("scopes").array().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("api_keys_secret_hash_idx").on(t.secretHash), index("api_keys_created_at_idx").on(t.createdAt)],
);
