import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { orders, type OrderAddress } from "./orders";

export type BoxSubscriptionStatus = "active" | "paused" | "cancelled";
export type BoxChargeStatus = "pending" | "charging" | "paid" | "failed" | "skipped" | "cancelled";
export type BoxContentLine = { variant_id: string; quantity: number };

/**
 * The Beauty Box subscriptions (docs/decisions/071-beauty-box.md): at most one not cancelled per
 * shopper (partial unique index), charged off session on a saved card each month from
 * `next_month` on, except the months in `skipped_months`.
 */
export const boxSubscriptions = pgTable(
  "box_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status").$type<BoxSubscriptionStatus>().notNull().default("active"),
    /** The saved card (payment_methods.id) charged each month; checked again at each charge. */
    paymentMethodId: uuid("payment_method_id"),
    shippingAddress: jsonb("shipping_address").$type<OrderAddress>().notNull(),
    priceCents: integer("price_cents").notNull(),
    /** The first month ('YYYY-MM', Paris) not charged yet. */
    nextMonth: text("next_month").notNull(),
    skippedMonths: text("skipped_months")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancellationReason: text("cancellation_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("box_subscriptions_price_positive", sql`${t.priceCents} > 0`),
    uniqueIndex("box_subscriptions_one_open_per_user")
      .on(t.userId)
      .where(sql`${t.status} <> 'cancelled'`),
    index("box_subscriptions_due_idx").on(t.status, t.nextMonth),
  ],
);

/** A month's box as the back-office composes it: what each subscriber receives. */
export const boxEditions = pgTable("box_editions", {
  month: text("month").primaryKey(),
  title: text("title").notNull().default(""),
  contents: jsonb("contents").$type<BoxContentLine[]>().notNull().default([]),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One charge per subscription and month (unique), claimed before the provider is called, so two
 * job runs never charge a month twice (decision 035's crash-safe claims).
 */
export const boxCharges = pgTable(
  "box_charges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => boxSubscriptions.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    month: text("month").notNull(),
    status: text("status").$type<BoxChargeStatus>().notNull().default("pending"),
    amountCents: integer("amount_cents").notNull(),
    tries: integer("tries").notNull().default(0),
    nextTryAt: timestamp("next_try_at", { withTimezone: true }).notNull().defaultNow(),
    chargingSince: timestamp("charging_since", { withTimezone: true }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    providerPaymentId: text("provider_payment_id"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("box_charges_subscription_month").on(t.subscriptionId, t.month),
    index("box_charges_due_idx").on(t.status, t.nextTryAt),
    index("box_charges_month_idx").on(t.month),
  ],
);
