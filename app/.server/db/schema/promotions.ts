import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { categories } from "./catalog";
import { orders } from "./orders";
import { keysetIndex } from "../keyset";

export const PROMO_KINDS = ["percentage", "fixed"] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];
/** Where a code comes from: the back-office, or the newsletter's welcome offer (one per e-mail). */
export const PROMO_ORIGINS = ["admin", "newsletter_welcome"] as const;
export type PromoOrigin = (typeof PROMO_ORIGINS)[number];

/**
 * Promo codes (docs/decisions/016-promo-codes.md). `code` is stored normalised (upper case, no
 * spaces). `used_count` is changed only by conditional UPDATEs in the order's transaction, so it
 * never exceeds `usage_limit` (the CHECK backs this up). A code bound to a customer names them by
 * account (`bound_user_id`) and/or e-mail (`bound_email`, lower case): only that account redeems it.
 */
export const promoCodes = pgTable(
  "promo_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull().unique(),
    description: text("description"),
    kind: text("kind").$type<PromoKind>().notNull(),
    percentOff: integer("percent_off"),
    amountOffCents: integer("amount_off_cents"),
    minOrderCents: integer("min_order_cents").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Null: no total limit. */
    usageLimit: integer("usage_limit"),
    usedCount: integer("used_count").notNull().default(0),
    /** Null: no limit per customer. */
    perCustomerLimit: integer("per_customer_limit"),
    boundUserId: text("bound_user_id").references(() => user.id, { onDelete: "cascade" }),
    boundEmail: text("bound_email"),
    active: boolean("active").notNull().default(true),
    origin: text("origin").$type<PromoOrigin>().notNull().default("admin"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("promo_codes_kind_valid", sql`${t.kind} IN ('percentage', 'fixed')`),
    check("promo_codes_origin_valid", sql`${t.origin} IN ('admin', 'newsletter_welcome')`),
    check(
      "promo_codes_amount_valid",
      sql`(${t.kind} = 'percentage' AND ${t.percentOff} BETWEEN 1 AND 100 AND ${t.amountOffCents} IS NULL) OR (${t.kind} = 'fixed' AND ${t.amountOffCents} > 0 AND ${t.percentOff} IS NULL)`,
    ),
    check("promo_codes_min_order_non_negative", sql`${t.minOrderCents} >= 0`),
    check("promo_codes_dates_ordered", sql`${t.startsAt} IS NULL OR ${t.endsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`),
    check(
      "promo_codes_usage_valid",
      sql`${t.usedCount} >= 0 AND (${t.usageLimit} IS NULL OR (${t.usageLimit} > 0 AND ${t.usedCount} <= ${t.usageLimit}))`,
    ),
    check("promo_codes_per_customer_positive", sql`${t.perCustomerLimit} IS NULL OR ${t.perCustomerLimit} > 0`),
    check("promo_codes_code_normalised", sql`${t.code} = upper(${t.code}) AND ${t.code} !~ '\\s'`),
    /** The newsletter's welcome code: at most one per e-mail, however often it is confirmed. */
    uniqueIndex("promo_codes_welcome_email_idx")
      .on(t.boundEmail)
      .where(sql`${t.origin} = 'newsletter_welcome'`),
    index("promo_codes_created_idx").on(t.createdAt.desc()),
    keysetIndex("promo_codes_keyset_idx", t.updatedAt, t.id),
  ],
);

/** A code restricted to categories discounts only the lines of those categories. */
export const promoCodeCategories = pgTable(
  "promo_code_categories",
  {
    promoCodeId: uuid("promo_code_id")
      .notNull()
      .references(() => promoCodes.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.promoCodeId, t.categoryId] })],
);

/**
 * One row per order that used a code. `released_at` is set when the order is cancelled or
 * returned (the use is given back). `customer_use` numbers a customer's live uses of a code
 * (1..per_customer_limit): the partial unique index makes the per-customer limit hold in the
 * database too, whatever the caller does.
 */
export const promoRedemptions = pgTable(
  "promo_redemptions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    promoCodeId: uuid("promo_code_id")
      .notNull()
      .references(() => promoCodes.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    customerUse: integer("customer_use").notNull(),
    discountCents: integer("discount_cents").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (t) => [
    check("promo_redemptions_values_valid", sql`${t.customerUse} > 0 AND ${t.discountCents} >= 0`),
    uniqueIndex("promo_redemptions_customer_use_idx")
      .on(t.promoCodeId, t.userId, t.customerUse)
      .where(sql`${t.releasedAt} IS NULL`),
    index("promo_redemptions_code_idx").on(t.promoCodeId),
  ],
);
