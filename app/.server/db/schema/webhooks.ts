import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { keysetMillis } from "../keyset";

/**
 * Signed webhooks (decision 050): the webhooks module is the only writer of these tables.
 * An event is written once, in the transaction of the change it reports; one delivery row per
 * matching active endpoint is written beside it, and the worker works the deliveries.
 */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: uuid("id").primaryKey().defaultRandom(),
  url: text("url").notNull(),
  description: text("description").notNull().default(""),
  /** The event types this endpoint receives (`order.created`...). */
  events: text("events").array().notNull(),
  active: boolean("active").notNull().default(true),
  /** The HMAC key: kept as is because signing needs it (decision 050). */
  secret: text("secret").notNull(),
  /** Set when a delivery gave up after its 24 h of retries; cleared by a later success. */
  failingSince: timestamp("failing_since", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One row per change: its id is the event id the receivers see (and deduplicate on). */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").notNull(),
    resourceId: text("resource_id").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_events_resource_idx").on(t.resourceId, t.createdAt)],
);

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;

/** One event for one endpoint: retried until delivered or its 24 h are over. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    /** `order:<id>`, `product:<id>`...: deliveries of one key go out one at a time, in id order. */
    resourceKey: text("resource_key").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Start of the retry window (the enqueue, or the last 'Renvoyer'). */
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    lastResponseCode: integer("last_response_code"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set by the touch_updated_at trigger on every change (an attempt, a resend): the API's walk. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("webhook_deliveries_status_valid", sql`${t.status} IN ('pending', 'delivered', 'failed')`),
    index("webhook_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_key_idx")
      .on(t.endpointId, t.resourceKey, t.id)
      .where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.id.desc()),
    // The retention purge keeps an event while a delivery points to it (and cascades from it).
    index("webhook_deliveries_event_idx").on(t.eventId),
    // One endpoint's delivery log walked by the admin API (decision 049's keyset, per endpoint).
    index("webhook_deliveries_endpoint_keyset_idx").on(t.endpointId, keysetMillis(t.updatedAt), t.id),
  ],
);

/** Every HTTP attempt of a delivery: the endpoint's delivery log. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    deliveryId: bigint("delivery_id", { mode: "number" })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull().defaultNow(),
    durationMs: integer("duration_ms").notNull(),
    responseCode: integer("response_code"),
    ok: boolean("ok").notNull(),
    error: text("error"),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.id)],
);
