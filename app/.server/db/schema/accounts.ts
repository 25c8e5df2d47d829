import { sql } from "drizzle-orm";
import { bigserial, boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { orders } from "./orders";
import { products } from "./catalog";
import type { BusinessBuyer } from "../../../domain/tax/order-tax";

const userRef = () =>
  text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" });

export const userProfiles = pgTable(
  "user_profiles",
  {
    /** Equals the auth user id. */
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name"),
    phone: text("phone"),
    dateOfBirth: date("date_of_birth"),
    gender: text("gender"),
    profilePictureUrl: text("profile_picture_url"),
    bio: text("bio"),
    loyaltyPoints: integer("loyalty_points").notNull().default(0),
    totalSpentCents: integer("total_spent_cents").notNull().default(0),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    /** The business invoicing details the shopper saved (decision 063), pre-filling the checkout. */
    businessInvoice: jsonb("business_invoice").$type<BusinessBuyer>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("user_profiles_points_non_negative", sql`${t.loyaltyPoints} >= 0`),
    check("user_profiles_total_spent_non_negative", sql`${t.totalSpentCents} >= 0`),
  ],
);

export const savedAddresses = pgTable(
  "saved_addresses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef(),
    type: text("type").notNull().default("shipping"),
    label: text("label"),
    isDefault: boolean("is_default").notNull().default(false),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    company: text("company"),
    addressLine1: text("address_line_1").notNull(),
    addressLine2: text("address_line_2"),
    city: text("city").notNull(),
    state: text("state"),
    postalCode: text("postal_code").notNull(),
    country: text("country").notNull().default("France"),
    phone: text("phone").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("saved_addresses_user_idx").on(t.userId, t.isDefault.desc().nullsFirst()),
    // At most one default address per user, enforced by the database.
    uniqueIndex("saved_addresses_one_default_idx")
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

export const favorites = pgTable(
  "favorites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("favorites_user_product_idx").on(t.userId, t.productId),
    index("favorites_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef(),
    type: text("type").notNull(),
    priority: text("priority").notNull().default("normal"),
    title: text("title").notNull(),
    message: text("message").notNull(),
    isRead: boolean("is_read").notNull().default(false),
    actionUrl: text("action_url"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    /** The catalog message wording it at display (decision 044); NULL: title and message as stored. */
    messageKey: text("message_key"),
    params: jsonb("params").$type<Record<string, string>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("notifications_type_valid", sql`${t.type} IN ('order_status', 'order', 'promotion', 'system', 'other')`),
    check("notifications_priority_valid", sql`${t.priority} IN ('urgent', 'high', 'normal', 'low')`),
    index("notifications_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    index("notifications_user_unread_idx")
      .on(t.userId)
      .where(sql`NOT ${t.isRead}`),
  ],
);

export const beautyPassTransactions = pgTable(
  "beauty_pass_transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef(),
    /** Positive for credits (earned), negative for debits (used, expired, reversed). */
    points: integer("points").notNull(),
    type: text("type").notNull(),
    description: text("description").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** For earned rows: when the points lapse (12 months after award). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("beauty_pass_type_valid", sql`${t.type} IN ('earned', 'used', 'expired', 'reversed', 'refunded', 'adjusted')`),
    check("beauty_pass_points_non_zero", sql`${t.points} <> 0`),
    index("beauty_pass_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    index("beauty_pass_order_idx").on(t.orderId),
    // The daily expiry job looks for credits that lapse by a date.
    index("beauty_pass_earned_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.type} = 'earned'`),
  ],
);

export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef(),
    type: text("type").notNull().default("card"),
    cardLastFour: text("card_last_four").notNull(),
    cardBrand: text("card_brand").notNull(),
    cardHolderName: text("card_holder_name").notNull(),
    expMonth: integer("exp_month"),
    expYear: integer("exp_year"),
    /**
     * The payment provider's token for this card (decision 034): what a charge uses. Null for
     * cards recorded before tokenization (brand and last four typed by hand): they cannot pay.
     */
    providerToken: text("provider_token"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("payment_methods_last_four", sql`${t.cardLastFour} ~ '^[0-9]{4}$'`),
    check("payment_methods_brand_valid", sql`${t.cardBrand} IN ('visa', 'mastercard', 'amex')`),
    index("payment_methods_user_idx").on(t.userId, t.isDefault.desc().nullsFirst()),
    uniqueIndex("payment_methods_one_default_idx")
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

export const supportTickets = pgTable(
  "support_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketNumber: text("ticket_number").notNull().unique(),
    /** Null for a visitor's contact-form message. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    contactName: text("contact_name"),
    contactEmail: text("contact_email"),
    subject: text("subject").notNull(),
    description: text("description").notNull(),
    category: text("category").notNull().default("other"),
    priority: text("priority").notNull().default("normal"),
    status: text("status").notNull().default("open"),
    /** Read markers of the thread (decision 046): unread = a message of the other side after it. */
    lastCustomerMessageAt: timestamp("last_customer_message_at", { withTimezone: true }),
    lastAdminMessageAt: timestamp("last_admin_message_at", { withTimezone: true }),
    adminReadAt: timestamp("admin_read_at", { withTimezone: true }),
    customerReadAt: timestamp("customer_read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("support_tickets_category_valid", sql`${t.category} IN ('order', 'product', 'account', 'technical', 'other', 'security')`),
    check("support_tickets_priority_valid", sql`${t.priority} IN ('low', 'normal', 'high', 'urgent')`),
    check("support_tickets_status_valid", sql`${t.status} IN ('open', 'in_progress', 'resolved', 'closed')`),
    index("support_tickets_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    index("support_tickets_status_created_idx").on(t.status, t.createdAt.desc().nullsFirst()),
  ],
);

export type PrivacySettings = {
  profile_visibility: "private" | "public";
  show_purchase_history: boolean;
  allow_product_recommendations: boolean;
};

export const userPreferences = pgTable("user_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  emailMarketing: boolean("email_marketing").notNull().default(true),
  emailOrderUpdates: boolean("email_order_updates").notNull().default(true),
  emailPromotions: boolean("email_promotions").notNull().default(true),
  emailNewsletters: boolean("email_newsletters").notNull().default(false),
  emailReviewInvitations: boolean("email_review_invitations").notNull().default(true),
  smsNotifications: boolean("sms_notifications").notNull().default(false),
  pushNotifications: boolean("push_notifications").notNull().default(true),
  language: text("language").notNull().default("fr"),
  currency: text("currency").notNull().default("EUR"),
  timezone: text("timezone").notNull().default("Europe/Paris"),
  theme: text("theme").notNull().default("light"),
  privacySettings: jsonb("privacy_settings")
    .$type<PrivacySettings>()
    .notNull()
    .default({ profile_visibility: "private", show_purchase_history: false, allow_product_recommendations: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const loginHistory = pgTable(
  "login_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Null when the attempted e-mail matches no account. */
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    sessionId: text("session_id"),
    loginSuccessful: boolean("login_successful").notNull(),
    deviceType: text("device_type"),
    browser: text("browser"),
    os: text("os"),
    city: text("city"),
    country: text("country"),
    ipAddress: text("ip_address"),
    logoutAt: timestamp("logout_at", { withTimezone: true }),
    sessionDuration: text("session_duration"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("login_history_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst())],
);

export const securityEvents = pgTable(
  "security_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: userRef(),
    eventType: text("event_type").notNull(),
    description: text("description"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("security_events_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst())],
);

export const securityReports = pgTable(
  "security_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef(),
    issueType: text("issue_type").notNull(),
    description: text("description").notNull(),
    contactEmail: text("contact_email").notNull(),
    urgency: text("urgency").notNull().default("medium"),
    status: text("status").notNull().default("open"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** The support ticket (category security) the team answers the reporter in (decision 046). */
    ticketId: uuid("ticket_id").references(() => supportTickets.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "security_reports_issue_type_valid",
      sql`${t.issueType} IN ('unauthorized_access', 'suspicious_activity', 'unknown_device', 'password_compromise', 'phishing_attempt', 'other')`,
    ),
    check("security_reports_urgency_valid", sql`${t.urgency} IN ('low', 'medium', 'high')`),
  ],
);

/** Newsletter with double opt-in: active only once confirmedAt is set. */
export const newsletterSubscriptions = pgTable("newsletter_subscriptions", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  confirmTokenHash: text("confirm_token_hash"),
  /** SHA-256 of the token in every newsletter's unsubscribe link. */
  unsubscribeTokenHash: text("unsubscribe_token_hash").unique(),
  confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Shop-wide settings editable in the back-office (key -> JSON value). */
export const shopSettings = pgTable("shop_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
