import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { CARRIER_CODES, LABEL_FORMATS, TRACKING_EVENT_KINDS } from "../../../domain/delivery/carrier";
import { bytea } from "./bytea";
import { orders } from "./orders";
import { returns } from "./returns";

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const SHIPMENT_KINDS = ["outbound", "return"] as const;

/**
 * Parcels with a carrier's label (decision 062): an order's parcel, printed by 'Préparer
 * l'expédition', or a return's prepaid parcel. The tracking number is the carrier's answer, never
 * typed; the label is kept as the carrier sent it so a reprint is the same label. `status` is the
 * latest event's kind; `next_poll_at` is when the tracking job asks the carrier again (null once
 * the parcel's story has ended). Written only by the delivery module.
 */
export const shipments = pgTable(
  "shipments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull().default("outbound"),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    returnId: uuid("return_id").references(() => returns.id),
    carrier: text("carrier").notNull(),
    productCode: text("product_code").notNull(),
    trackingNumber: text("tracking_number").notNull(),
    weightGrams: integer("weight_grams").notNull(),
    labelFormat: text("label_format").notNull(),
    labelPdf: bytea("label_pdf").notNull(),
    customsPdf: bytea("customs_pdf"),
    status: text("status").notNull().default("label_created"),
    /** The carrier's latest estimate ("YYYY-MM-DD"), when it gives one. */
    estimatedDeliveryDate: date("estimated_delivery_date", { mode: "string" }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    nextPollAt: timestamp("next_poll_at", { withTimezone: true }),
    lastPolledAt: timestamp("last_polled_at", { withTimezone: true }),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("shipments_kind_valid", sql`${t.kind} IN (${list(SHIPMENT_KINDS)})`),
    check("shipments_carrier_valid", sql`${t.carrier} IN (${list(CARRIER_CODES)})`),
    check("shipments_format_valid", sql`${t.labelFormat} IN (${list(LABEL_FORMATS)})`),
    check("shipments_status_valid", sql`${t.status} IN (${list(TRACKING_EVENT_KINDS)})`),
    check("shipments_weight_range", sql`${t.weightGrams} BETWEEN 1 AND 150000`),
    check("shipments_return_has_return", sql`(${t.kind} = 'return') = (${t.returnId} IS NOT NULL)`),
    uniqueIndex("shipments_carrier_tracking_unique").on(t.carrier, t.trackingNumber),
    // One parcel per order (this version ships an order in one parcel) and one per return.
    uniqueIndex("shipments_outbound_order_unique")
      .on(t.orderId)
      .where(sql`${t.kind} = 'outbound'`),
    uniqueIndex("shipments_return_unique")
      .on(t.returnId)
      .where(sql`${t.returnId} IS NOT NULL`),
    index("shipments_next_poll_idx")
      .on(t.nextPollAt)
      .where(sql`${t.nextPollAt} IS NOT NULL`),
  ],
);

/** A carrier's events of a parcel, oldest first by `occurred_at`; the same event reported twice is kept once. */
export const shipmentEvents = pgTable(
  "shipment_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shipmentId: uuid("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    code: text("code").notNull(),
    label: text("label").notNull(),
    location: text("location"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("shipment_events_kind_valid", sql`${t.kind} IN (${list(TRACKING_EVENT_KINDS)})`),
    uniqueIndex("shipment_events_unique").on(t.shipmentId, t.code, t.occurredAt),
  ],
);
