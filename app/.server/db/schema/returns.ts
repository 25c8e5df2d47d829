import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { orderItems, orders } from "./orders";
import { keysetIndex } from "../keyset";

export const RETURN_STATUSES = ["requested", "refunded", "refused"] as const;
export const RETURN_ITEM_DECISIONS = ["pending", "accepted", "refused"] as const;

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/**
 * Returns requested from the account (docs/decisions/033-returns.md): the returns module is the
 * only writer. `RET-2026-000123` numbers come from return_number_counters in the request's
 * transaction. Refund amounts are kept as paid back: card, gift card, points.
 */
export const returns = pgTable(
  "returns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: text("number").notNull().unique(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    status: text("status").notNull().default("requested"),
    reason: text("reason").notNull(),
    comment: text("comment"),
    refundCents: integer("refund_cents").notNull().default(0),
    refundCardCents: integer("refund_card_cents").notNull().default(0),
    refundGiftCardCents: integer("refund_gift_card_cents").notNull().default(0),
    pointsRestored: integer("points_restored").notNull().default(0),
    pointsReversed: integer("points_reversed").notNull().default(0),
    creditNoteNumber: text("credit_note_number"),
    receivedBy: text("received_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("returns_status_valid", sql`${t.status} IN (${list(RETURN_STATUSES)})`),
    check(
      "returns_amounts_non_negative",
      sql`${t.refundCents} >= 0 AND ${t.refundCardCents} >= 0 AND ${t.refundGiftCardCents} >= 0 AND ${t.pointsRestored} >= 0 AND ${t.pointsReversed} >= 0`,
    ),
    index("returns_order_idx").on(t.orderId),
    index("returns_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("returns_status_created_idx").on(t.status, t.createdAt.desc()),
    keysetIndex("returns_keyset_idx", t.updatedAt, t.id),
  ],
);

export const returnItems = pgTable(
  "return_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    returnId: uuid("return_id")
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    orderItemId: uuid("order_item_id")
      .notNull()
      .references(() => orderItems.id),
    quantity: integer("quantity").notNull(),
    decision: text("decision").notNull().default("pending"),
    refusalReason: text("refusal_reason"),
  },
  (t) => [
    check("return_items_quantity_positive", sql`${t.quantity} > 0`),
    check("return_items_decision_valid", sql`${t.decision} IN (${list(RETURN_ITEM_DECISIONS)})`),
    index("return_items_return_idx").on(t.returnId),
    uniqueIndex("return_items_return_order_item_idx").on(t.returnId, t.orderItemId),
    index("return_items_order_item_idx").on(t.orderItemId),
  ],
);

/** The last return number given in each Paris calendar year (same scheme as order numbers). */
export const returnNumberCounters = pgTable(
  "return_number_counters",
  {
    year: integer("year").primaryKey(),
    lastValue: integer("last_value").notNull(),
  },
  (t) => [check("return_number_counters_last_value_positive", sql`${t.lastValue} > 0`)],
);
