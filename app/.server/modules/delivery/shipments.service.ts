/**
 * Parcels printed by a carrier and their events (decision 062): the only writer of `shipments`
 * and `shipment_events`. The label is stored as the carrier sent it; events are kept once each,
 * however often a carrier reports them; `status` and the estimate follow the latest report.
 */
import { and, asc, eq, inArray, isNotNull, lte } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { shipmentEvents, shipments } from "~/.server/db/schema";
import type { CarrierLabel, LabelFormat, Tracking, TrackingEventKind } from "~/domain/delivery/carrier";
import { isUuid } from "~/lib/uuid";
import type { TrackingEventView } from "~/domain/orders/order.types";

export type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentEventRow = typeof shipmentEvents.$inferSelect;

/** Kinds after which a parcel's story has ended: the job stops asking. */
const FINAL: ReadonlySet<TrackingEventKind> = new Set(["delivered", "returned_to_sender"]);

export async function outboundShipmentOf(db: Executor, orderId: string): Promise<ShipmentRow | null> {
  if (!isUuid(orderId)) return null;
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), eq(shipments.kind, "outbound")));
  return row ?? null;
}

export async function outboundShipmentsOf(db: Executor, orderIds: readonly string[]): Promise<ShipmentRow[]> {
  const ids = orderIds.filter(isUuid);
  if (ids.length === 0) return [];
  return db
    .select()
    .from(shipments)
    .where(and(inArray(shipments.orderId, ids), eq(shipments.kind, "outbound")));
}

export async function returnShipmentOf(db: Executor, returnId: string): Promise<ShipmentRow | null> {
  if (!isUuid(returnId)) return null;
  const [row] = await db.select().from(shipments).where(eq(shipments.returnId, returnId));
  return row ?? null;
}

export type NewShipment = {
  kind: "outbound" | "return";
  orderId: string;
  returnId?: string | null;
  carrier: string;
  productCode: string;
  weightGrams: number;
  label: CarrierLabel;
  /** When the job first asks the carrier; null: never (the demonstration's parcels). */
  nextPollAt: Date | null;
  createdBy: string | null;
  now: Date;
};

/**
 * Keeps a printed label. Null when the order (or return) already has its parcel: another
 * preparation won the race, and this label is left unused at the carrier.
 */
export async function insertShipment(tx: Executor, input: NewShipment): Promise<ShipmentRow | null> {
  const [row] = await tx
    .insert(shipments)
    .values({
      kind: input.kind,
      orderId: input.orderId,
      returnId: input.returnId ?? null,
      carrier: input.carrier,
      productCode: input.productCode,
      trackingNumber: input.label.trackingNumber,
      weightGrams: input.weightGrams,
      labelFormat: input.label.format,
      labelPdf: Buffer.from(input.label.pdf),
      customsPdf: input.label.customsPdf ? Buffer.from(input.label.customsPdf) : null,
      nextPollAt: input.nextPollAt,
      createdBy: input.createdBy,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Parcels whose carrier is due to be asked again, oldest ask first. */
export async function shipmentsDueForTracking(db: Executor, now: Date, limit: number): Promise<ShipmentRow[]> {
  return db
    .select()
    .from(shipments)
    .where(and(isNotNull(shipments.nextPollAt), lte(shipments.nextPollAt, now)))
    .orderBy(asc(shipments.nextPollAt))
    .limit(limit);
}

/** Puts off the next ask (a carrier that failed, or did not know the parcel yet). */
export async function postponeTracking(db: Executor, shipmentId: string, now: Date, nextPollAt: Date | null): Promise<void> {
  await db.update(shipments).set({ lastPolledAt: now, nextPollAt }).where(eq(shipments.id, shipmentId));
}

/**
 * Records a carrier's report, in the caller's transaction: the events not seen before, the latest
 * event's kind as the status, the carrier's estimate, and when the job asks next (never, once the
 * parcel is delivered or back). Returns the events that are new, oldest first.
 */
export async function recordTracking(
  tx: Executor,
  shipment: ShipmentRow,
  tracking: Tracking,
  options: { now: Date; nextPollAt: Date },
): Promise<ShipmentEventRow[]> {
  const events = [...tracking.events].sort((a, b) => Date.parse(a.occurredAt) - Date.parse(b.occurredAt));
  const added =
    events.length === 0
      ? []
      : await tx
          .insert(shipmentEvents)
          .values(
            events.map((e) => ({
              shipmentId: shipment.id,
              kind: e.kind,
              code: e.code.slice(0, 40),
              label: e.label.slice(0, 300),
              location: e.location?.slice(0, 120) ?? null,
              occurredAt: new Date(e.occurredAt),
              recordedAt: options.now,
            })),
          )
          .onConflictDoNothing()
          .returning();
  const latest = events.at(-1);
  const status = latest?.kind ?? (shipment.status as TrackingEventKind);
  const deliveredEvent = events.find((e) => e.kind === "delivered");
  await tx
    .update(shipments)
    .set({
      status,
      estimatedDeliveryDate: tracking.estimatedDeliveryDate ?? shipment.estimatedDeliveryDate,
      deliveredAt: shipment.deliveredAt ?? (deliveredEvent ? new Date(deliveredEvent.occurredAt) : null),
      lastPolledAt: options.now,
      nextPollAt: FINAL.has(status) ? null : options.nextPollAt,
    })
    .where(eq(shipments.id, shipment.id));
  return added.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
}

/** Each order's parcel events, oldest first, for the order's timeline (one query for all the orders). */
export async function trackingEventsOf(db: Executor, orderIds: readonly string[]): Promise<Map<string, TrackingEventView[]>> {
  const ids = orderIds.filter(isUuid);
  const out = new Map<string, TrackingEventView[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      orderId: shipments.orderId,
      kind: shipmentEvents.kind,
      label: shipmentEvents.label,
      location: shipmentEvents.location,
      occurredAt: shipmentEvents.occurredAt,
    })
    .from(shipmentEvents)
    .innerJoin(shipments, eq(shipments.id, shipmentEvents.shipmentId))
    .where(and(inArray(shipments.orderId, ids), eq(shipments.kind, "outbound")))
    .orderBy(asc(shipmentEvents.occurredAt), asc(shipmentEvents.id));
  for (const row of rows) {
    const list = out.get(row.orderId) ?? [];
    list.push({
      kind: row.kind as TrackingEventView["kind"],
      label: row.label,
      location: row.location,
      occurred_at: row.occurredAt.toISOString(),
    });
    out.set(row.orderId, list);
  }
  return out;
}

export type ShipmentLabel = { pdf: Buffer; format: LabelFormat; trackingNumber: string; customsPdf: Buffer | null };

export function labelOf(row: ShipmentRow): ShipmentLabel {
  return { pdf: row.labelPdf, format: row.labelFormat as LabelFormat, trackingNumber: row.trackingNumber, customsPdf: row.customsPdf };
}
