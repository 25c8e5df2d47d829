import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { orderItems, orders } from "./orders";
// The statuses are shared with the back-office view, hence defined in the domain layer.
import { GIFT_CARD_STATUSES, type GiftCardStatus } from "../../../domain/gift-cards/gift-card-admin.types";

/** Kinds of ledger rows: the card's issue (+amount), a use on an order (-), a refund of a use (+). */
export const GIFT_CARD_ENTRY_KINDS = ["issue", "use", "refund"] as const;
export type GiftCardEntryKind = (typeof GIFT_CARD_ENTRY_KINDS)[number];

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/**
 * A gift card sold in an order (decision "gift cards"). The code itself is never stored: only
 * its SHA-256 (of the normalised code) and its last 4 characters. balance_cents = sum of the
 * card's ledger rows, kept by the gift-cards service in the same transaction as each row.
 */
export const giftCards = pgTable(
  "gift_cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    codeHash: text("code_hash").notNull().unique(),
    last4: text("last4").notNull(),
    amountCents: integer("amount_cents").notNull(),
    balanceCents: integer("balance_cents").notNull(),
    status: text("status").$type<GiftCardStatus>().notNull().default("active"),
    occasion: text("occasion").notNull(),
    deliveryMode: text("delivery_mode").$type<"email" | "physical">().notNull(),
    recipientName: text("recipient_name").notNull().default(""),
    recipientEmail: text("recipient_email").notNull().default(""),
    message: text("message").notNull().default(""),
    /** The order that bought it, and its line. */
    purchaseOrderId: uuid("purchase_order_id").references(() => orders.id, { onDelete: "set null" }),
    purchaseOrderItemId: uuid("purchase_order_item_id").references(() => orderItems.id, { onDelete: "set null" }),
    buyerUserId: text("buyer_user_id").references(() => user.id, { onDelete: "set null" }),
    /** The client an administrator gave the card to (a goodwill gesture, no order): decision 048. */
    recipientUserId: text("recipient_user_id").references(() => user.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set with the reminder's outbox row, in one transaction: one reminder per card. */
    expiryReminderSentAt: timestamp("expiry_reminder_sent_at", { withTimezone: true }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("gift_cards_status_valid", sql`${t.status} IN (${list(GIFT_CARD_STATUSES)})`),
    check("gift_cards_delivery_mode_valid", sql`${t.deliveryMode} IN ('email', 'physical')`),
    check("gift_cards_balance_valid", sql`${t.amountCents} > 0 AND ${t.balanceCents} >= 0 AND ${t.balanceCents} <= ${t.amountCents}`),
    index("gift_cards_created_idx").on(t.createdAt.desc()),
    index("gift_cards_purchase_order_idx").on(t.purchaseOrderId),
    index("gift_cards_expiry_reminder_idx")
      .on(t.expiresAt)
      .where(sql`${t.expiryReminderSentAt} IS NULL`),
  ],
);

/** Every change of a card's balance: issue, use on an order, refund of that use. */
export const giftCardTransactions = pgTable(
  "gift_card_transactions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    giftCardId: uuid("gift_card_id")
      .notNull()
      .references(() => giftCards.id, { onDelete: "cascade" }),
    kind: text("kind").$type<GiftCardEntryKind>().notNull(),
    /** Signed: + for issue and refund, - for a use. */
    amountCents: integer("amount_cents").notNull(),
    balanceAfterCents: integer("balance_after_cents").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** Why, when no order explains it: the reason an administrator gave for a goodwill card. */
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("gift_card_transactions_kind_valid", sql`${t.kind} IN (${list(GIFT_CARD_ENTRY_KINDS)})`),
    check(
      "gift_card_transactions_sign_valid",
      sql`(${t.kind} = 'use' AND ${t.amountCents} < 0) OR (${t.kind} <> 'use' AND ${t.amountCents} > 0)`,
    ),
    check("gift_card_transactions_balance_non_negative", sql`${t.balanceAfterCents} >= 0`),
    index("gift_card_transactions_card_idx").on(t.giftCardId, t.createdAt),
    index("gift_card_transactions_order_idx").on(t.orderId),
  ],
);
