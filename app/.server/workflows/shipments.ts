/**
 * Parcels with a carrier (decision 062): 'Préparer l'expédition' prints an order's label through
 * the carrier of its delivery method, and the tracking job follows each parcel's events, moving
 * the order to shipped and delivered through the status workflow (so stock, points, e-mails and
 * notifications follow as when the administrator moves it). The carrier's call is made outside
 * any transaction: a carrier that refuses or does not answer leaves the order as it was.
 */
import type { Database } from "~/.server/db/client";
import { log } from "~/.server/logger";
import { getEnv } from "~/.server/env";
import { productParcelFacts } from "~/.server/modules/catalog/product-weights.service";
import { carrierClientFor, carrierClientOf } from "~/.server/modules/delivery/carriers/carriers";
import { getDeliveryMethod } from "~/.server/modules/delivery/delivery-methods.service";
import {
  insertShipment,
  labelOf,
  outboundShipmentOf,
  outboundShipmentsOf,
  postponeTracking,
  recordTracking,
  returnShipmentOf,
  shipmentsDueForTracking,
  type ShipmentRow,
} from "~/.server/modules/delivery/shipments.service";
import { getOrderRow, listOrderItems, setOrderEstimatedDeliveryDate } from "~/.server/modules/orders/orders.service";
import type { OrderRow } from "~/.server/modules/orders/order-view";
import { getShopIdentity } from "~/.server/modules/settings/shop-identity.service";
import { findInvoice } from "~/.server/modules/invoices/invoices.service";
import { joinPdfs, renderPickingListPdf, type PickingOrder } from "~/.server/modules/delivery/parcel-documents";
import { samplesOfOrders } from "~/.server/modules/samples/samples.service";
import {
  CarrierError,
  isValidParcelWeight,
  LABEL_FORMATS,
  needsCustoms,
  type CarrierClient,
  type CarrierLabel,
  type CustomsDeclaration,
  type LabelFormat,
  type Tracking,
} from "~/domain/delivery/carrier";
import { brandOfProduct, carrierProduct, destinationProduct, isLabelCarrier } from "~/domain/delivery/carrier-products";
import { CARRIER_RULES, trackingUrlOf, type Carrier } from "~/domain/orders/shipping-tracking";
import {
  PACKING_GRAMS,
  PARCEL_WEIGHT_MESSAGE,
  PREPARABLE_ORDER_STATUSES,
  UNWEIGHED_UNIT_GRAMS,
  carrierAddressOf,
  customsRefusalOf,
  parcelTooHeavyMessage,
  saleCustomsDeclaration,
  shopSenderAddress,
  suggestedParcelWeight,
  SHIPMENT_BATCH_MAX,
  type BatchOutcome,
  type ParcelLine,
  type ShipmentPreparation,
} from "~/domain/delivery/parcel";
import { conflict, invalid, isDomainError, notFound, unavailable } from "~/domain/errors";
import { parisDay } from "~/lib/paris-time";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import { changeOrderStatus, type StatusActor } from "./change-order-status";
import { ORDER_NOT_FOUND_MESSAGE } from "~/.server/modules/orders/orders.service";
import { giftPickingNotes } from "~/domain/checkout/gift-options";

const PREPARABLE = PREPARABLE_ORDER_STATUSES;

export const SHIPMENT_MESSAGES = {
  notPreparable:
    "Cette commande ne peut pas être préparée : seule une commande en attente, confirmée ou en préparation reçoit une étiquette.",
  exists: "L'étiquette de cette commande est déjà imprimée : téléchargez-la à nouveau plutôt que d'en créer une autre.",
  weight: PARCEL_WEIGHT_MESSAGE,
  format: "Choisissez le format de l'étiquette : 10×15 ou A4.",
  senderAddress:
    "L'adresse de la boutique (Paramètres › Identité) doit finir par le code postal et la ville, par exemple « 12 rue des Lilas, 75008 Paris » : c'est l'adresse d'expédition.",
  recipientAddress: "L'adresse de livraison de cette commande n'est pas dans un pays desservi.",
  relayPointMissing:
    "Cette commande en point relais ne garde pas l'identifiant du point chez le transporteur : modifiez le mode de livraison ou expédiez-la à la main.",
} as const;

export function manualCarrierMessage(brand: Carrier): string {
  return `${CARRIER_RULES[brand].label} n'a pas de service d'étiquettes dans cette version : expédiez le colis avec l'outil du transporteur, puis saisissez son numéro dans « Expédier ».`;
}

export function carrierNotConfiguredMessage(brand: Carrier): string {
  return `${CARRIER_RULES[brand].label} n'est pas configuré : ajoutez-le à CARRIERS avec ses identifiants pour imprimer ses étiquettes.`;
}

/** The carrier's failure, for the administrator: its message (already French) and an error kind. */
function carrierRefusal(error: unknown): never {
  if (error instanceof CarrierError) {
    log.warn({ carrier: error.carrier, reason: error.reason, carrierCode: error.carrierCode }, "carrier refused a label");
    if (error.reason === "unavailable") throw unavailable("carrier_unavailable", error.message);
    throw invalid("carrier_refused", error.message);
  }
  throw error;
}

type ParcelOrder = { order: OrderRow; lines: ParcelLine[] };

async function parcelOrder(db: Database, orderId: string): Promise<ParcelOrder> {
  const order = await getOrderRow(db, orderId);
  if (!order) throw notFound("not_found", ORDER_NOT_FOUND_MESSAGE);
  const items = await listOrderItems(db, order.id);
  const facts = await productParcelFacts(
    db,
    items.flatMap((i) => (i.productId ? [i.productId] : [])),
  );
  const lines = items.map((i) => {
    const fact = i.productId ? facts.get(i.productId) : undefined;
    return {
      name: i.productSnapshot.name,
      quantity: i.quantity,
      unitWeightGrams: fact?.weightGrams ?? null,
      unitPriceCents: i.unitPriceCents,
      category: fact?.category ?? null,
      hsCode: fact?.hsCode ?? null,
      originCountry: fact?.originCountry ?? null,
    };
  });
  return { order, lines };
}

/** The brand and product a parcel goes by: the relay point's carrier for a relay order, else the method's. */
async function parcelProduct(db: Database, order: OrderRow): Promise<{ brand: Carrier; productCode: string; pointId: string | null }> {
  const method = await getDeliveryMethod(db, (order.deliveryMethod ?? "standard") as "standard" | "relay" | "express");
  if (order.deliveryMethod !== "relay" || !order.relayPoint)
    return { brand: method.carrier, productCode: method.productCode, pointId: null };
  const pointCarrier = order.relayPoint.carrier ?? "demo";
  // A demonstration point is served by the method's carrier in a demonstration shop.
  const brand = pointCarrier !== "demo" && isLabelCarrier(pointCarrier as Carrier) ? (pointCarrier as Carrier) : method.carrier;
  const productCode = brandOfProduct(method.productCode) === brand ? method.productCode : brand === "mondialrelay" ? "24R" : "A2P";
  return { brand, productCode, pointId: order.relayPoint.carrier_point_id ?? order.relayPoint.id };
}

function clientOrRefusal(brand: Carrier): { client: CarrierClient | null; refusal: string | null } {
  if (!isLabelCarrier(brand)) return { client: null, refusal: manualCarrierMessage(brand) };
  const client = carrierClientFor(brand);
  return client ? { client, refusal: null } : { client: null, refusal: carrierNotConfiguredMessage(brand) };
}

function shipmentSummary(brand: Carrier, row: ShipmentRow): ShipmentPreparation["shipment"] {
  return {
    tracking_number: row.trackingNumber,
    tracking_url: trackingUrlOf(brand, row.trackingNumber),
    label_format: row.labelFormat as LabelFormat,
    created_at: row.createdAt.toISOString(),
    status: row.status,
  };
}

/** The heaviest parcel the product takes, as the shop lists it and as the carrier's client says. */
function maxWeightOf(product: { brand: Carrier; productCode: string }, client: CarrierClient | null): number {
  return Math.min(
    carrierProduct(product.brand, product.productCode)?.maxWeightGrams ?? 30_000,
    client?.maxWeightGrams(product.productCode) ?? 30_000,
  );
}

/** Why the parcel's CN23 cannot be written (a product without its customs code or origin), when its destination needs one. */
function customsRefusal(parcel: ParcelOrder): string | null {
  const address = parcel.order.shippingAddress;
  const recipient = address ? carrierAddressOf(address, null) : null;
  return recipient && needsCustoms(recipient.countryCode, recipient.postalCode) ? customsRefusalOf(parcel.lines) : null;
}

/** What 'Préparer l'expédition' shows of an order read once: its product, weights, refusal and parcel. */
function preparationOf(
  parcel: ParcelOrder,
  product: { brand: Carrier; productCode: string },
  carrier: { client: CarrierClient | null; refusal: string | null },
  existing: ShipmentRow | null,
): ShipmentPreparation {
  const { brand, productCode } = product;
  const listed = carrierProduct(brand, productCode);
  const suggested = suggestedParcelWeight(parcel.lines);
  const max = maxWeightOf(product, carrier.client);
  return {
    carrier: brand,
    carrier_label: CARRIER_RULES[brand].label,
    product_code: productCode,
    product_label: listed?.label ?? productCode,
    max_weight_grams: max,
    suggested_weight_grams: Math.min(suggested.grams, max),
    unweighed_units: suggested.unweighed,
    refusal: existing
      ? null
      : !PREPARABLE.has(parcel.order.status)
        ? SHIPMENT_MESSAGES.notPreparable
        : (carrier.refusal ?? customsRefusal(parcel)),
    shipment: existing ? shipmentSummary(brand, existing) : null,
  };
}

export async function shipmentPreparation(db: Database, orderId: string): Promise<ShipmentPreparation> {
  const parcel = await parcelOrder(db, orderId);
  const product = await parcelProduct(db, parcel.order);
  return preparationOf(parcel, product, clientOrRefusal(product.brand), await outboundShipmentOf(db, parcel.order.id));
}

function parseWeight(value: unknown): number {
  const grams = typeof value === "number" ? value : typeof value === "string" && /^\s*[0-9]{1,7}\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(grams) || grams <= 0) throw invalid("invalid_weight", SHIPMENT_MESSAGES.weight, { field: "weight_grams" });
  return grams;
}

function parseFormat(value: unknown): LabelFormat {
  if (value === undefined || value === null || value === "") return "10x15";
  if (typeof value === "string" && (LABEL_FORMATS as readonly string[]).includes(value)) return value as LabelFormat;
  throw invalid("invalid_label_format", SHIPMENT_MESSAGES.format, { field: "format" });
}

function orderEmail(order: OrderRow): string | null {
  const info = order.metadata?.customer_info as { email?: unknown } | undefined;
  return typeof info?.email === "string" ? info.email : null;
}

/** The label request's facts, checked before the carrier is asked. */
async function labelFor(
  db: Database,
  parcel: ParcelOrder,
  client: CarrierClient,
  product: { brand: Carrier; productCode: string; pointId: string | null },
  weightGrams: number,
  format: LabelFormat,
  now: Date,
): Promise<CarrierLabel> {
  const { order, lines } = parcel;
  const sender = shopSenderAddress(await getShopIdentity(db));
  if (!sender) throw conflict("shop_address_unusable", SHIPMENT_MESSAGES.senderAddress);
  const recipient = order.shippingAddress ? carrierAddressOf(order.shippingAddress, orderEmail(order)) : null;
  if (!recipient) throw conflict("recipient_unusable", SHIPMENT_MESSAGES.recipientAddress);
  if (order.deliveryMethod === "relay" && !product.pointId) throw conflict("relay_point_unusable", SHIPMENT_MESSAGES.relayPointMissing);
  let customs: CustomsDeclaration | null = null;
  if (needsCustoms(recipient.countryCode, recipient.postalCode)) {
    const refusal = customsRefusalOf(lines);
    if (refusal) throw conflict("customs_facts_missing", refusal);
    const invoiceNumber = (await findInvoice(db, order.id))?.number ?? null;
    customs = saleCustomsDeclaration(lines, { parcelWeightGrams: weightGrams, shippingCents: order.shippingCents, invoiceNumber });
  }
  try {
    return await client.createLabel({
      reference: order.orderNumber,
      productCode: destinationProduct(product.brand, product.productCode, recipient.countryCode),
      weightGrams,
      format,
      sender,
      recipient,
      pointId: order.deliveryMethod === "relay" ? product.pointId : null,
      customs,
      depositDate: parisDay(now),
    });
  } catch (error) {
    carrierRefusal(error);
  }
}

/**
 * 'Préparer l'expédition' {weight_grams, format}: the carrier prints the label and gives the
 * tracking number; the order keeps the parcel and moves to 'En préparation' (so the
 * shopper can no longer cancel it). Refused, with the
 * order unchanged: a status that does not ship, a parcel already printed, a weight of zero or over
 * the product's maximum, a carrier with no label service or not configured, the carrier's refusal
 * (its message) or silence.
 */
export async function prepareShipment(
  db: Database,
  input: { orderId: string; form: Record<string, unknown>; actor: AdminActor; actorUserId: string | null; now?: Date },
): Promise<ShipmentPreparation> {
  const now = input.now ?? new Date();
  const weightGrams = parseWeight(input.form.weight_grams);
  const format = parseFormat(input.form.format);
  const parcel = await parcelOrder(db, input.orderId);
  const { order } = parcel;
  if (await outboundShipmentOf(db, order.id)) throw conflict("shipment_exists", SHIPMENT_MESSAGES.exists);
  if (!PREPARABLE.has(order.status)) throw conflict("order_not_preparable", SHIPMENT_MESSAGES.notPreparable);
  const product = await parcelProduct(db, order);
  const carrier = clientOrRefusal(product.brand);
  const { client } = carrier;
  if (!client) throw conflict("carrier_without_labels", carrier.refusal ?? SHIPMENT_MESSAGES.notPreparable);
  const max = maxWeightOf(product, client);
  if (!isValidParcelWeight(weightGrams, max)) throw invalid("invalid_weight", parcelTooHeavyMessage(max), { field: "weight_grams" });
  const label = await labelFor(db, parcel, client, product, weightGrams, format, now);
  const saved = await insertShipment(db, {
    kind: "outbound",
    orderId: order.id,
    carrier: client.code,
    productCode: product.productCode,
    weightGrams,
    label,
    // The demonstration's carrier reports nothing: its parcels are not asked after.
    nextPollAt: client.code === "demo" ? null : now,
    createdBy: input.actorUserId,
    now,
  });
  if (!saved) {
    log.warn(
      { orderId: order.id, carrier: client.code },
      "a second label was printed for an order that already had one; it is left unused",
    );
    throw conflict("shipment_exists", SHIPMENT_MESSAGES.exists);
  }
  if (order.status === "pending" || order.status === "confirmed") {
    await changeOrderStatus(db, {
      orderId: order.id,
      newStatus: "processing",
      actor: { userId: input.actorUserId, role: "admin", admin: input.actor },
      now,
    });
  }
  // The order and its product were read above; the parcel just kept is the one shown.
  return preparationOf(parcel, product, carrier, saved);
}

/** The carrier, as the order's history and the activity log name it when its events move an order. */
function carrierActor(client: CarrierClient): StatusActor {
  return { userId: null, role: "admin", admin: { type: "api_key", id: null, label: `Suivi ${client.label}` } };
}

const MOVING = new Set(["in_transit", "out_for_delivery", "available_for_pickup", "delivered"]);

/**
 * Follows a carrier's report of one parcel: its new events are kept, the order's estimate follows
 * the carrier's, and the order moves to shipped once the parcel moves, then to delivered.
 */
async function applyTracking(
  db: Database,
  shipment: ShipmentRow,
  client: CarrierClient,
  tracking: Tracking,
  times: { now: Date; nextPollAt: Date },
): Promise<number> {
  const { now } = times;
  const order = await getOrderRow(db, shipment.orderId);
  const added = await db.transaction(async (tx) => {
    const events = await recordTracking(tx, shipment, tracking, times);
    if (
      order &&
      shipment.kind === "outbound" &&
      tracking.estimatedDeliveryDate &&
      tracking.estimatedDeliveryDate !== order.estimatedDeliveryDate
    ) {
      await setOrderEstimatedDeliveryDate(tx, order.id, tracking.estimatedDeliveryDate, now);
    }
    return events;
  });
  if (!order || shipment.kind !== "outbound") return added.length;
  const kinds = new Set(tracking.events.map((e) => e.kind));
  const brand = brandOfProduct(shipment.productCode) ?? "colissimo";
  const actor = carrierActor(client);
  let status = order.status;
  if ([...kinds].some((k) => MOVING.has(k)) && PREPARABLE.has(status)) {
    const moved = await changeOrderStatus(db, {
      orderId: order.id,
      newStatus: "shipped",
      actor,
      now,
      shipment: { carrier: brand, trackingNumber: shipment.trackingNumber, trackingUrl: trackingUrlOf(brand, shipment.trackingNumber) },
    });
    status = moved.order.status;
  }
  if (kinds.has("delivered") && status === "shipped") {
    await changeOrderStatus(db, { orderId: order.id, newStatus: "delivered", actor, now });
  }
  return added.length;
}

export type TrackingRun = { asked: number; events: number; unknown: number; failed: number };

/**
 * The tracking job: asks each parcel's carrier when it is due. A carrier that fails is asked again
 * at the next pass; a number the carrier does not know (yet) is logged and asked again later.
 */
export async function pollShipments(db: Database, options: { now?: Date; limit?: number } = {}): Promise<TrackingRun> {
  const now = options.now ?? new Date();
  const everyMs = getEnv().TRACKING_POLL_MINUTES * 60_000;
  const due = await shipmentsDueForTracking(db, now, options.limit ?? 100);
  const run: TrackingRun = { asked: 0, events: 0, unknown: 0, failed: 0 };
  for (const shipment of due) {
    const client = carrierClientOf(shipment.carrier);
    if (!client) {
      log.warn({ shipmentId: shipment.id, carrier: shipment.carrier }, "no carrier client to track a parcel; asked again tomorrow");
      await postponeTracking(db, shipment.id, now, new Date(now.getTime() + 24 * 3_600_000));
      run.failed++;
      continue;
    }
    run.asked++;
    try {
      const tracking = await client.track(shipment.trackingNumber);
      if (!tracking) {
        log.info({ shipmentId: shipment.id, carrier: shipment.carrier }, "the carrier does not know the parcel yet");
        await postponeTracking(db, shipment.id, now, new Date(now.getTime() + everyMs));
        run.unknown++;
        continue;
      }
      run.events += await applyTracking(db, shipment, client, tracking, { now, nextPollAt: new Date(now.getTime() + everyMs) });
    } catch (error) {
      log.warn(
        { shipmentId: shipment.id, carrier: shipment.carrier, err: error },
        "tracking a parcel failed; asked again at the next pass",
      );
      await postponeTracking(db, shipment.id, now, new Date(now.getTime() + everyMs));
      run.failed++;
    }
  }
  return run;
}

function parseOrderIds(value: unknown): string[] {
  const ids = Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw invalid("invalid_order_ids", "Sélectionnez au moins une commande.", { field: "order_ids" });
  if (unique.length > SHIPMENT_BATCH_MAX) {
    throw invalid("invalid_order_ids", `Sélectionnez au plus ${SHIPMENT_BATCH_MAX} commandes à la fois.`, { field: "order_ids" });
  }
  return unique;
}

/**
 * The day's batch {order_ids, format}: a label for each selected order at its pre-filled weight.
 * Each order succeeds or fails on its own (its message in French); an order already printed is
 * reported with its number, so running the batch again prints nothing twice.
 */
export async function prepareShipments(
  db: Database,
  input: { form: Record<string, unknown>; actor: AdminActor; actorUserId: string | null; now?: Date },
): Promise<BatchOutcome[]> {
  const orderIds = parseOrderIds(input.form.order_ids);
  const format = parseFormat(input.form.format);
  const outcomes: BatchOutcome[] = [];
  for (const orderId of orderIds) {
    try {
      const preparation = await shipmentPreparation(db, orderId);
      const done =
        preparation.shipment ??
        (
          await prepareShipment(db, {
            orderId,
            form: { weight_grams: preparation.suggested_weight_grams, format },
            actor: input.actor,
            actorUserId: input.actorUserId,
            now: input.now,
          })
        ).shipment;
      outcomes.push({ order_id: orderId, order_number: null, ok: true, tracking_number: done?.tracking_number ?? null, message: null });
    } catch (error) {
      if (!isDomainError(error)) throw error;
      outcomes.push({ order_id: orderId, order_number: null, ok: false, tracking_number: null, message: error.message });
    }
  }
  const orders = await Promise.all(outcomes.map((o) => getOrderRow(db, o.order_id)));
  return outcomes.map((o, i) => ({ ...o, order_number: orders[i]?.orderNumber ?? null }));
}

/** The labels of the selected orders that have one, joined in the order given. */
export async function joinedLabels(db: Database, value: unknown): Promise<Uint8Array | null> {
  const orderIds = parseOrderIds(value);
  const rows = await outboundShipmentsOf(db, orderIds);
  const byOrder = new Map(rows.map((r) => [r.orderId, r]));
  // A parcel leaving the EU prints its CN23 right after its label (decision 063).
  const labels = orderIds.flatMap((id) => {
    const row = byOrder.get(id);
    return row ? [row.labelPdf, ...(row.customsPdf ? [row.customsPdf] : [])] : [];
  });
  return labels.length === 0 ? null : joinPdfs(labels);
}

/** One order's printed parcel: its label, and its CN23 after it when it leaves the EU; null before printing. */
export async function printedParcel(db: Database, orderId: string): Promise<{ pdf: Uint8Array; trackingNumber: string } | null> {
  const shipment = await outboundShipmentOf(db, orderId);
  if (!shipment) return null;
  const label = labelOf(shipment);
  return { pdf: label.customsPdf ? await joinPdfs([label.pdf, label.customsPdf]) : label.pdf, trackingNumber: label.trackingNumber };
}

/** The picking list of the selected orders (those that exist). */
export async function pickingList(db: Database, value: unknown, now = new Date()): Promise<Buffer> {
  const orderIds = parseOrderIds(value);
  const picking: PickingOrder[] = [];
  for (const id of orderIds) {
    const order = await getOrderRow(db, id);
    if (!order) continue;
    const items = await listOrderItems(db, order.id);
    const address = order.shippingAddress;
    picking.push({
      orderNumber: order.orderNumber,
      customer: address ? `${address.first_name} ${address.last_name}`.trim() : "",
      deliveryLabel:
        order.deliveryMethod === "relay" && order.relayPoint
          ? `Point relais : ${order.relayPoint.name}, ${order.relayPoint.postal_code} ${order.relayPoint.city}`
          : address
            ? `${address.postal_code} ${address.city}`
            : "",
      lines: items.map((i) => ({
        name: i.productSnapshot.name,
        variant: i.productSnapshot.variant_label ?? null,
        sku: i.productSnapshot.sku ?? null,
        quantity: i.quantity,
      })),
      // The free samples to slip in (decision 067): those actually reserved, not those that ran out.
      samples: ((await samplesOfOrders(db, [order.id])).get(order.id) ?? []).filter((s) => s.added).map((s) => `${s.name} · ${s.brand}`),
      gift: giftPickingNotes(order), // decision 068
    });
  }
  if (picking.length === 0) throw notFound("not_found", ORDER_NOT_FOUND_MESSAGE);
  return renderPickingListPdf(picking, now);
}

/** The carrier that takes an order's returns: the one that brought the parcel, else the standard method's. */
async function returnBrandOf(db: Database, orderId: string): Promise<Carrier> {
  const outbound = await outboundShipmentOf(db, orderId);
  const brand = outbound ? brandOfProduct(outbound.productCode) : null;
  if (brand && isLabelCarrier(brand)) return brand;
  return (await getDeliveryMethod(db, "standard")).carrier;
}

/** A returned parcel's weight when the shopper packs it: the returned units at the default weight, and the packing. */
function returnWeight(units: number): number {
  return PACKING_GRAMS + Math.max(1, units) * UNWEIGHED_UNIT_GRAMS;
}

/**
 * A return's prepaid label from a real carrier: printed on the first download and kept, so every
 * later download is the same label (its number is the one the shop follows). Null when the
 * demonstration's carrier serves the shop: the returns workflow draws its label. Throws when a
 * live shop's carrier is not configured, refuses or does not answer (the return itself stays).
 */
export async function carrierReturnLabel(
  db: Database,
  facts: { returnId: string; number: string; orderId: string; sender: Parameters<typeof carrierAddressOf>[0]; units: number },
  now = new Date(),
): Promise<{ bytes: Buffer; filename: string } | null> {
  const filename = `etiquette-retour-${facts.number}.pdf`;
  const kept = await returnShipmentOf(db, facts.returnId);
  if (kept) return { bytes: kept.labelPdf, filename };
  const brand = await returnBrandOf(db, facts.orderId);
  const { client, refusal } = clientOrRefusal(brand);
  if (!client) {
    // A demonstration shop whose methods name Chronopost or UPS still draws its own label.
    if (getEnv().SHOP_MODE === "demo") return null;
    throw conflict("carrier_without_labels", refusal ?? SHIPMENT_MESSAGES.notPreparable);
  }
  if (client.code === "demo") return null;
  const recipient = shopSenderAddress(await getShopIdentity(db));
  if (!recipient) throw conflict("shop_address_unusable", SHIPMENT_MESSAGES.senderAddress);
  const sender = carrierAddressOf(facts.sender, null);
  if (!sender) throw conflict("recipient_unusable", SHIPMENT_MESSAGES.recipientAddress);
  const weightGrams = returnWeight(facts.units);
  let label: CarrierLabel;
  try {
    label = await client.createReturnLabel({
      reference: facts.number,
      weightGrams,
      format: "A4",
      sender,
      recipient,
      depositDate: parisDay(now),
    });
  } catch (error) {
    carrierRefusal(error);
  }
  const saved = await insertShipment(db, {
    kind: "return",
    orderId: facts.orderId,
    returnId: facts.returnId,
    carrier: client.code,
    productCode: brand === "mondialrelay" ? "24R" : "CORE",
    weightGrams,
    label,
    nextPollAt: now,
    createdBy: null,
    now,
  });
  // Two downloads at once: the first label kept is the one every download serves.
  const served = saved ?? (await returnShipmentOf(db, facts.returnId));
  return { bytes: served ? served.labelPdf : Buffer.from(label.pdf), filename };
}
