import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { products, productVariants } from "./catalog";
import { keysetIndex } from "../keyset";
import type { BundleSnapshot } from "../../../domain/catalog/bundles";
import type { OrderTax } from "../../../domain/tax/order-tax";
import type { TaxRegime } from "../../../domain/tax/tax-rules";

export const ORDER_STATUSES = ["pending", "confirmed", "processing", "shipped", "delivered", "cancelled", "returned"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** `instalments`: paid in 3, some still due; `instalment_unpaid`: one failed for good (decision 035). */
export const PAYMENT_STATUSES = ["pending", "paid", "failed", "refunded", "instalments", "instalment_unpaid"] as const;

const statusList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export type OrderAddress = {
  first_name: string;
  last_name: string;
  company?: string | null;
  street: string;
  additional_info?: string | null;
  city: string;
  state?: string | null;
  postal_code: string;
  country: string;
  phone: string;
};

export type OrderRelayPoint = {
  id: string;
  name: string;
  street: string;
  postal_code: string;
  city: string;
  opening_hours: string;
  /** The carrier that runs the point and its own id, printed on the label (decision 062); absent on orders placed before. */
  carrier?: string;
  carrier_point_id?: string;
  country_code?: string;
};

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderNumber: text("order_number").notNull().unique(),
    /** Null once the customer's account is deleted: the order stays for accounting, anonymised. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    status: text("status").$type<OrderStatus>().notNull().default("pending"),
    paymentStatus: text("payment_status").notNull().default("pending"),
    subtotalCents: integer("subtotal_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull().default(0),
    taxCents: integer("tax_cents").notNull().default(0),
    discountCents: integer("discount_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    pointsUsed: integer("points_used").notNull().default(0),
    /** Beauty Pass points currently credited for this order (set on delivery, 0 once reversed). */
    pointsEarned: integer("points_earned").notNull().default(0),
    /** The promo code used: its id and text as typed at the time, and its discount. */
    promoCodeId: uuid("promo_code_id"),
    promoCode: text("promo_code"),
    promoDiscountCents: integer("promo_discount_cents").notNull().default(0),
    /** Paid back through returns (card, gift card): revenue counts total_cents minus this. */
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** Part of total_cents paid with gift cards (the rest is charged to the card). */
    giftCardCents: integer("gift_card_cents").notNull().default(0),
    currency: text("currency").notNull().default("EUR"),
    shippingAddress: jsonb("shipping_address").$type<OrderAddress>().notNull(),
    billingAddress: jsonb("billing_address").$type<OrderAddress>(),
    shippingMethod: text("shipping_method").notNull().default("standard"),
    /** The delivery method chosen at checkout (app/domain/delivery/delivery-methods.ts). */
    deliveryMethod: text("delivery_method").notNull().default("standard"),
    /** The relay point the parcel goes to, as the directory described it when the order was placed. */
    relayPoint: jsonb("relay_point").$type<OrderRelayPoint>(),
    /** The earliest delivery day promised at checkout ("YYYY-MM-DD", Paris). */
    estimatedDeliveryDate: date("estimated_delivery_date", { mode: "string" }),
    /** Set when a Beauty Pass perk made express delivery free ('vip' or 'expert_monthly'). */
    expressPerk: text("express_perk"),
    /** When the review invitation was decided for this order (sent or skipped): once per order (decision 037). */
    reviewInvitedAt: timestamp("review_invited_at", { withTimezone: true }),
    /** Set when the order is shipped through 'Expédier' (app/domain/orders/shipping-tracking.ts). */
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    trackingUrl: text("tracking_url"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    notes: text("notes"),
    /** Gift options (decision 068): wrap and its price as charged, the packing slip's message, prices hidden from the recipient. */
    giftWrap: boolean("gift_wrap").notNull().default(false),
    giftWrapCents: integer("gift_wrap_cents").notNull().default(0),
    giftMessage: text("gift_message"),
    giftHidePrices: boolean("gift_hide_prices").notNull().default(false),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    /** The VAT the order was placed under, frozen (decision 063); null: placed before, French VAT at 20 %. */
    tax: jsonb("tax").$type<OrderTax>(),
    idempotencyKey: text("idempotency_key"),
    /**
     * Lower-case, unaccented text the back-office searches (id, number, e-mails, shipping
     * fields). Kept by a trigger (see the admin_order_search migration), read through a trigram index.
     */
    searchText: text("search_text"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("orders_status_valid", sql`${t.status} IN (${statusList(ORDER_STATUSES)})`),
    check("orders_payment_status_valid", sql`${t.paymentStatus} IN (${statusList(PAYMENT_STATUSES)})`),
    check("orders_shipping_method_valid", sql`${t.shippingMethod} IN ('standard', 'free_shipping')`),
    check("orders_delivery_method_valid", sql`${t.deliveryMethod} IN ('standard', 'relay', 'express')`),
    check(
      "orders_amounts_non_negative",
      sql`${t.subtotalCents} >= 0 AND ${t.shippingCents} >= 0 AND ${t.taxCents} >= 0 AND ${t.discountCents} >= 0 AND ${t.totalCents} >= 0 AND ${t.pointsUsed} >= 0 AND ${t.pointsEarned} >= 0`,
    ),
    check("orders_refunded_cents_valid", sql`${t.refundedCents} >= 0 AND ${t.refundedCents} <= ${t.totalCents}`),
    check("orders_gift_card_cents_valid", sql`${t.giftCardCents} >= 0 AND ${t.giftCardCents} <= ${t.totalCents}`),
    check(
      "orders_gift_options_valid",
      sql`${t.giftWrapCents} >= 0 AND (${t.giftWrap} OR ${t.giftWrapCents} = 0) AND char_length(${t.giftMessage}) <= 200`,
    ),
    index("orders_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    index("orders_status_created_idx").on(t.status, t.createdAt.desc().nullsFirst()),
    index("orders_created_idx").on(t.createdAt.desc().nullsFirst()),
    uniqueIndex("orders_user_idempotency_idx").on(t.userId, t.idempotencyKey),
    index("orders_search_text_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    // The back-office's whole-e-mail search (orders-admin.service wholeEmailSearch).
    index("orders_customer_email_idx").on(sql`lower(${t.metadata} #>> '{customer_info,email}')`),
    keysetIndex("orders_keyset_idx", t.updatedAt, t.id),
  ],
);

/**
 * The last order number given in each Paris calendar year. createOrder bumps the year's row
 * with one UPDATE ... RETURNING inside the order transaction: the row lock makes concurrent
 * orders take distinct, consecutive numbers (docs/decisions/028-order-numbers.md).
 */
export const orderNumberCounters = pgTable(
  "order_number_counters",
  {
    year: integer("year").primaryKey(),
    lastValue: integer("last_value").notNull(),
  },
  (t) => [check("order_number_counters_last_value_positive", sql`${t.lastValue} > 0`)],
);

/** The contact e-mail typed at checkout, lower-cased: the expression orders_customer_email_idx indexes. */
export const orderCustomerEmail = sql`lower(${orders.metadata} #>> '{customer_info,email}')`;

export const orderItems = pgTable(
  "order_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    totalPriceCents: integer("total_price_cents").notNull(),
    /** The line's VAT as placed (decision 063): rate in basis points (2000 = 20 %), null out of scope. */
    vatRateBp: integer("vat_rate_bp"),
    /** Its regime; null on lines placed before decision 063 (French VAT at 20 %, gift cards out of scope). */
    taxRegime: text("tax_regime").$type<TaxRegime>(),
    productSnapshot: jsonb("product_snapshot")
      .$type<{
        name: string;
        price_cents: number;
        brand: string | null;
        image_url: string | null;
        /** Since variants: what was bought ("50 ml", "Beige rosé 02") and its SKU. */
        variant_label?: string | null;
        sku?: string | null;
        /** A set's line (decision 070): what one set held and each component's share of its price. */
        bundle?: BundleSnapshot;
      }>()
      .notNull(),
  },
  (t) => [
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
    check("order_items_prices_non_negative", sql`${t.unitPriceCents} >= 0 AND ${t.totalPriceCents} >= 0`),
    index("order_items_order_idx").on(t.orderId),
    index("order_items_product_idx").on(t.productId),
    index("order_items_variant_idx").on(t.variantId),
  ],
);

/** Every status change: who, when, from, to. */
export const orderStatusChanges = pgTable(
  "order_status_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_status_changes_order_idx").on(t.orderId, t.createdAt)],
);

/** Every stock change goes through the inventory service and leaves one row here. */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    resultingStock: integer("resulting_stock").notNull(),
    reason: text("reason").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("stock_movements_resulting_non_negative", sql`${t.resultingStock} >= 0`),
    check(
      "stock_movements_reason_valid",
      sql`${t.reason} IN ('initial', 'order', 'order_cancelled', 'order_returned', 'order_restored', 'admin_set', 'admin_add', 'admin_remove', 'restock', 'correction')`,
    ),
    index("stock_movements_product_idx").on(t.productId, t.createdAt.desc().nullsFirst()),
    index("stock_movements_variant_idx").on(t.variantId, t.createdAt.desc().nullsFirst()),
  ],
);

/** Server-side cart of a signed-in shopper (visitors keep theirs in the browser). */
export const carts = pgTable("carts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /** The browser's id of the last visitor cart merged in (sign-in): a retried merge is not added twice. */
  lastMergeId: text("last_merge_id"),
});

export const cartItems = pgTable(
  "cart_items",
  {
    userId: text("user_id")
      .notNull()
      .references(() => carts.userId, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("cart_items_quantity_positive", sql`${t.quantity} > 0`),
    uniqueIndex("cart_items_user_variant_idx").on(t.userId, t.variantId),
  ],
);

/** Transactional outbox: side effects (mail, notifications) written in the same transaction. */
export const outbox = pgTable(
  "outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    topic: text("topic").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    availableAt: timestamp("available_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /**
     * The e-mail's Message-ID, chosen when the row is first claimed and committed before sending:
     * a resend after a crash carries the same one, so the receiving side can drop the duplicate.
     */
    messageId: text("message_id"),
  },
  (t) => [
    index("outbox_pending_idx")
      .on(t.availableAt)
      .where(sql`${t.processedAt} IS NULL`),
  ],
);

/**
 * Which subscriber has handled which domain event (decision 054). An event is an outbox row of
 * topic "event"; each subscriber's effect and its receipt commit together, so a row run again
 * after a crash or a failed neighbour skips the subscribers already done: at least once for the
 * row, exactly once for each subscriber's own writes.
 */
export const eventReceipts = pgTable(
  "event_receipts",
  {
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => outbox.id, { onDelete: "cascade" }),
    subscriber: text("subscriber").notNull(),
    handledAt: timestamp("handled_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.subscriber] })],
);

/**
 * A free amount paid back on an order by the back-office or the admin API (a goodwill gesture, a
 * late delivery: docs/decisions/052-free-amount-refunds.md). Written only by the orders module;
 * `orders.refunded_cents` counts it with the returns. The credit note it issued is named by its
 * number; `idempotency_key` (the API's Idempotency-Key, or the form's own) makes a retried call
 * find the first refund instead of paying twice.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    amountCents: integer("amount_cents").notNull(),
    /** How it was paid back: card, gift cards, taken off the instalments still due (decision 035). */
    cardCents: integer("card_cents").notNull().default(0),
    giftCardCents: integer("gift_card_cents").notNull().default(0),
    reducedCents: integer("reduced_cents").notNull().default(0),
    reason: text("reason").notNull(),
    creditNoteNumber: text("credit_note_number").notNull(),
    idempotencyKey: text("idempotency_key"),
    /** Who refunded (the activity log has the full actor); null for an API key. */
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("order_refunds_amount_positive", sql`${t.amountCents} > 0`),
    check(
      "order_refunds_split_valid",
      sql`${t.cardCents} >= 0 AND ${t.giftCardCents} >= 0 AND ${t.reducedCents} >= 0 AND ${t.cardCents} + ${t.giftCardCents} + ${t.reducedCents} = ${t.amountCents}`,
    ),
    index("order_refunds_order_idx").on(t.orderId, t.createdAt),
    uniqueIndex("order_refunds_order_key_idx").on(t.orderId, t.idempotencyKey),
  ],
);
