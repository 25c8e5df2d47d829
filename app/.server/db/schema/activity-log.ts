import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The back-office's activity log (decision 045): one row per change an administrator (or an API
 * key acting for the shop) made, with who, when, what and the values before and after. Kept one
 * year. The actor is a copy (id and label), not a reference, so an entry outlives the account.
 */
export const adminActivityLog = pgTable(
  "admin_activity_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    /** `user` (an administrator's session) or `api_key`. */
    actorType: text("actor_type").notNull().default("user"),
    actorId: text("actor_id"),
    /** The administrator's e-mail or the API key's name, as it was. */
    actorLabel: text("actor_label").notNull(),
    /** Dotted verb: `product.update`, `order.status_change`, `settings.identity_update`. */
    action: text("action").notNull(),
    /** What was changed: `product`, `order`, `client`, `settings`, `promo_code`, `gift_card`, `review`, `ticket`... */
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    /** One French line for the list ("Statut : En préparation → Expédiée"). */
    summary: text("summary").notNull().default(""),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [
    index("admin_activity_log_occurred_idx").on(t.occurredAt.desc()),
    index("admin_activity_log_entity_idx").on(t.entityType, t.entityId),
    index("admin_activity_log_actor_idx").on(t.actorId, t.occurredAt),
  ],
);
