import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { orders } from "./orders";

/**
 * Forgotten-cart reminders (docs/decisions/069-forgotten-cart.md): one row per mail sent, keyed by
 * the shopper, the cart's episode (the first `added_at` of its lines when the first reminder went)
 * and the step (1 after the first delay, 2 after the second). The unique index is what makes two
 * overlapping runs send one mail per step. A reminder followed by an order within the recovery
 * window records that order and its amount. Erasing the account leaves the row without its user
 * (the back-office figures stay, the person goes).
 */
export const cartReminders = pgTable(
  "cart_reminders",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    episodeStartedAt: timestamp("episode_started_at", { withTimezone: true }).notNull(),
    step: smallint("step").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    /** What the cart's available lines came to at their current prices when the mail went. */
    cartAmountCents: integer("cart_amount_cents").notNull(),
    itemCount: integer("item_count").notNull(),
    recoveredOrderId: uuid("recovered_order_id").references(() => orders.id, { onDelete: "set null" }),
    recoveredAmountCents: integer("recovered_amount_cents"),
    recoveredAt: timestamp("recovered_at", { withTimezone: true }),
  },
  (t) => [
    check("cart_reminders_step_range", sql`${t.step} in (1, 2)`),
    uniqueIndex("cart_reminders_episode_step_idx").on(t.userId, t.episodeStartedAt, t.step),
    // An order recovers one episode at most, and an episode is recovered once.
    uniqueIndex("cart_reminders_recovered_order_idx").on(t.recoveredOrderId),
    uniqueIndex("cart_reminders_episode_recovered_idx")
      .on(t.userId, t.episodeStartedAt)
      .where(sql`${t.recoveredOrderId} is not null`),
    index("cart_reminders_sent_idx").on(t.sentAt),
  ],
);
