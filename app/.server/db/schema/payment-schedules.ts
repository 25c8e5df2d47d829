import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { INSTALMENT_STATUSES, type InstalmentStatus } from "../../../domain/payments/instalments";
import { orders } from "./orders";

const statusList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/**
 * The instalments of an order paid in 3 (docs/decisions/035-instalments.md), written only by
 * app/.server/modules/payment-schedules. The first is the order's own charge (`paid` when the
 * order is created); the later ones are charged by the daily job with the card's token,
 * merchant-initiated. `charging` is the job's lease: committed before the provider is called,
 * settled after (or by asking the provider for the try's key after a crash).
 */
export const paymentInstalments = pgTable(
  "payment_instalments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    /** The Paris calendar day it is due ("YYYY-MM-DD"). */
    dueDate: date("due_date", { mode: "string" }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: text("status").$type<InstalmentStatus>().notNull().default("pending"),
    /** Charges tried so far; the try's provider key is `instalment:<order id>:<seq>:<tries>`. */
    tries: integer("tries").notNull().default(0),
    /** The Paris day of the last try: at most one try a day. */
    lastTryOn: date("last_try_on", { mode: "string" }),
    /** The provider's token of the card (a saved card's, or one made for this schedule only). */
    providerToken: text("provider_token"),
    providerPaymentId: text("provider_payment_id"),
    lastError: text("last_error"),
    /**
     * Waiting for the shopper (decision 035): the bank asked for authentication off session, so the
     * shopper was mailed a link to pay it themselves. The link's token is kept hashed only (its
     * SHA-256), valid until `authenticationExpiresAt`; the daily job never charges such a row.
     */
    authenticationTokenHash: text("authentication_token_hash"),
    authenticationExpiresAt: timestamp("authentication_expires_at", { withTimezone: true }),
    /** The provider's authentication (Stripe: the PaymentIntent) of the shopper's try in progress. */
    authenticationId: text("authentication_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("payment_instalments_status_valid", sql`${t.status} IN (${statusList(INSTALMENT_STATUSES)})`),
    check("payment_instalments_amount_non_negative", sql`${t.amountCents} >= 0`),
    check("payment_instalments_seq_valid", sql`${t.seq} BETWEEN 1 AND 3`),
    check("payment_instalments_paid_has_payment", sql`${t.status} <> 'paid' OR ${t.providerPaymentId} IS NOT NULL`),
    uniqueIndex("payment_instalments_order_seq_idx").on(t.orderId, t.seq),
    check(
      "payment_instalments_authentication_link_expires",
      sql`(${t.authenticationTokenHash} IS NULL) = (${t.authenticationExpiresAt} IS NULL)`,
    ),
    // The mailed link finds its instalment by the token's hash.
    uniqueIndex("payment_instalments_authentication_token_idx")
      .on(t.authenticationTokenHash)
      .where(sql`${t.authenticationTokenHash} IS NOT NULL`),
    // What the daily job scans: instalments still to charge, by due day.
    index("payment_instalments_due_idx")
      .on(t.dueDate)
      .where(sql`${t.status} IN ('pending', 'charging')`),
  ],
);
