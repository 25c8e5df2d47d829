import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { orders } from "./orders";
import { STRIPE_WEBHOOK_OUTCOMES, type StripeWebhookOutcome } from "../../../domain/payments/stripe-webhooks";

/**
 * A card payment's life (decision 021): written `pending` before the provider is called, then
 * `charged` (provider reference kept), then `linked` to its order in the order's own transaction;
 * or `failed` (declined, or never charged), or `refunding` -> `refunded` when no order came of it.
 * `refunding` is held by whoever started the refund (the checkout itself or the reconciliation
 * job), so the order transaction can no longer link it. `requires_action`: the bank asked the
 * shopper to authenticate (3-D Secure); the checkout resumes it from `resume_request` once the
 * bank answers, or the job fails it when the authentication expires (decision 034).
 */
export const PAYMENT_ATTEMPT_STATUSES = ["pending", "requires_action", "charged", "linked", "refunding", "refunded", "failed"] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];

const statusList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Null once the account is deleted: the payment's trace stays for accounting. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** The checkout's Idempotency-Key: one attempt per key and shopper. */
    idempotencyKey: text("idempotency_key").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("EUR"),
    status: text("status").$type<PaymentAttemptStatus>().notNull().default("pending"),
    provider: text("provider").notNull(),
    /**
     * The key sent to the provider for the current try (`<attempt id>:<try>`): a retry after a
     * decline or a refund is a new charge at the provider, a retry in flight the same one.
     */
    providerKey: text("provider_key").notNull(),
    tries: integer("tries").notNull().default(1),
    providerPaymentId: text("provider_payment_id"),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    lastError: text("last_error"),
    /** The provider's authentication (3-D Secure) this attempt waits for, while `requires_action`. */
    authenticationId: text("authentication_id"),
    /**
     * The order request to resume once the shopper has authenticated: the validated request with
     * the card reduced to what the shop may keep (never a number or a CVC), see decision 034.
     */
    resumeRequest: jsonb("resume_request").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    chargedAt: timestamp("charged_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [
    check("payment_attempts_status_valid", sql`${t.status} IN (${statusList(PAYMENT_ATTEMPT_STATUSES)})`),
    check("payment_attempts_amount_positive", sql`${t.amountCents} > 0`),
    check("payment_attempts_linked_has_order", sql`${t.status} <> 'linked' OR ${t.orderId} IS NOT NULL`),
    uniqueIndex("payment_attempts_user_key_idx").on(t.userId, t.idempotencyKey),
    uniqueIndex("payment_attempts_provider_key_idx").on(t.provider, t.providerKey),
    index("payment_attempts_order_idx").on(t.orderId),
    uniqueIndex("payment_attempts_authentication_idx").on(t.authenticationId),
    // The provider's webhooks find the attempt of a payment by its id (decision 059).
    index("payment_attempts_provider_payment_idx").on(t.providerPaymentId),
    // What the reconciliation job scans: attempts not settled yet, oldest first.
    index("payment_attempts_unsettled_idx")
      .on(t.updatedAt)
      .where(sql`${t.status} IN ('pending', 'requires_action', 'charged', 'refunding')`),
  ],
);

/**
 * What the shop made of each Stripe webhook event (decision 059, "Webhooks"): one row per event
 * id, written in the event's own transaction, so an event Stripe sends again (it retries until it
 * gets a 2xx, and may deliver one event twice) is acknowledged and ignored. `payload` keeps only
 * the fields the handling read (ids, amounts, statuses), never a card or a customer's details.
 */
export const stripeWebhookEvents = pgTable(
  "stripe_webhook_events",
  {
    /** Stripe's event id (`evt_…`). */
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    /** When Stripe created the event (its `created`). */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    outcome: text("outcome").$type<StripeWebhookOutcome>().notNull(),
    /** The payment attempt the event was about, when the shop knows it. */
    attemptId: uuid("attempt_id").references(() => paymentAttempts.id, { onDelete: "set null" }),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    check("stripe_webhook_events_outcome_valid", sql`${t.outcome} IN (${statusList(STRIPE_WEBHOOK_OUTCOMES)})`),
    index("stripe_webhook_events_received_idx").on(t.receivedAt),
  ],
);

/**
 * Chargebacks the provider reported (`charge.dispute.created`, then `.updated` / `.closed`): one
 * row per dispute, on the order its payment paid when there is one, so the back office can see it
 * and answer in time. Its status follows the provider's later reports (decision 059, "Webhooks").
 */
export const paymentDisputes = pgTable(
  "payment_disputes",
  {
    /** The provider's dispute id (`dp_…`). */
    id: text("id").primaryKey(),
    provider: text("provider").notNull(),
    /** The payment disputed (a PaymentIntent) and its charge. */
    paymentId: text("payment_id").notNull(),
    chargeId: text("charge_id"),
    attemptId: uuid("attempt_id").references(() => paymentAttempts.id, { onDelete: "set null" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    /** The provider's reason (`fraudulent`, `product_not_received`…) and status (`needs_response`, `under_review`, `lost`…). */
    reason: text("reason").notNull(),
    status: text("status").notNull(),
    /** The last day to answer with evidence, when the provider says. */
    evidenceDueBy: timestamp("evidence_due_by", { withTimezone: true }),
    /**
     * When the provider reported the status above (its event's `created`): a report made before it,
     * delivered late, changes nothing (migration 0046; rows recorded before it: their opening).
     */
    statusReportedAt: timestamp("status_reported_at", { withTimezone: true }).notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("payment_disputes_amount_non_negative", sql`${t.amountCents} >= 0`), index("payment_disputes_order_idx").on(t.orderId)],
);

/**
 * Refunds made at the provider but not by the shop (from Stripe's dashboard): the shop's own
 * refunds carry their refund key in the provider's metadata and are already recorded where they
 * were made (the attempt, the order's refunds). One row per provider refund id, so a refund
 * reported by several events is recorded, and announced, once.
 */
export const paymentExternalRefunds = pgTable(
  "payment_external_refunds",
  {
    /** The provider's refund id (`re_…`). */
    id: text("id").primaryKey(),
    provider: text("provider").notNull(),
    paymentId: text("payment_id").notNull(),
    chargeId: text("charge_id"),
    attemptId: uuid("attempt_id").references(() => paymentAttempts.id, { onDelete: "set null" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    reason: text("reason"),
    refundedAt: timestamp("refunded_at", { withTimezone: true }).notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("payment_external_refunds_amount_positive", sql`${t.amountCents} > 0`),
    index("payment_external_refunds_order_idx").on(t.orderId),
  ],
);

/**
 * The simulated acquirer's own books (decision 021). They stand for the bank's system, not the
 * shop's: written only by SimulatedPaymentProvider, each in its own autocommit statement and never
 * inside a shop transaction, so a charge survives a crash of the shop exactly as a real
 * acquirer's would. A real provider (Stripe, Adyen...) replaces them; the shop never reads them.
 */
export const simulatedAcquirerCharges = pgTable(
  "simulated_acquirer_charges",
  {
    id: text("id").primaryKey(),
    /** The merchant account: the shop's is "aurore"; tests use their own. */
    account: text("account").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    cardBrand: text("card_brand").notNull(),
    cardLastFour: text("card_last_four").notNull(),
    description: text("description").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("simulated_acquirer_charges_amount_positive", sql`${t.amountCents} > 0`),
    uniqueIndex("simulated_acquirer_charges_key_idx").on(t.account, t.idempotencyKey),
  ],
);

export const simulatedAcquirerRefunds = pgTable(
  "simulated_acquirer_refunds",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => simulatedAcquirerCharges.id),
    refundKey: text("refund_key").notNull(),
    amountCents: integer("amount_cents").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("simulated_acquirer_refunds_amount_positive", sql`${t.amountCents} > 0`),
    uniqueIndex("simulated_acquirer_refunds_key_idx").on(t.paymentId, t.refundKey),
  ],
);

/**
 * Cards the simulated acquirer keeps for the shop (its vault): the shop holds only the token.
 * Like a real acquirer it knows the card's behaviour (approve, decline, ask for 3-D Secure), its
 * brand, last four digits and expiry, and can check a CVC given again (kept here as a salted hash,
 * standing for the issuer's check); never the number.
 */
export const simulatedAcquirerCards = pgTable(
  "simulated_acquirer_cards",
  {
    token: text("token").primaryKey(),
    account: text("account").notNull(),
    /** The shop's customer the token was made for: another customer cannot charge it. */
    customerRef: text("customer_ref").notNull(),
    behaviour: text("behaviour").notNull(),
    cardBrand: text("card_brand").notNull(),
    cardLastFour: text("card_last_four").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    cvcHash: text("cvc_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("simulated_acquirer_cards_behaviour_valid", sql`${t.behaviour} IN ('approve', 'decline', 'authenticate')`),
    index("simulated_acquirer_cards_account_idx").on(t.account, t.customerRef),
  ],
);

/**
 * Strong customer authentications the simulated bank asked for (3-D Secure): one per charge key.
 * `pending` until the bank's page answers; a success makes the charge, once.
 */
export const simulatedAcquirerAuthentications = pgTable(
  "simulated_acquirer_authentications",
  {
    id: text("id").primaryKey(),
    account: text("account").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    cardBrand: text("card_brand").notNull(),
    cardLastFour: text("card_last_four").notNull(),
    description: text("description").notNull().default(""),
    status: text("status").notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    check("simulated_acquirer_authentications_status_valid", sql`${t.status} IN ('pending', 'succeeded', 'failed', 'expired')`),
    check("simulated_acquirer_authentications_amount_positive", sql`${t.amountCents} > 0`),
    uniqueIndex("simulated_acquirer_authentications_key_idx").on(t.account, t.idempotencyKey),
  ],
);
