/**
 * The back-office's side of the parcel API (decision 062): the shapes 'Préparer l'expédition'
 * and the day's batch read, their URLs, and the weight check the server applies again. The
 * shapes mirror the contracts (app/.server/api/contracts/admin/order-shipment.contract.ts and
 * shipments.contract.ts): the browser bundle may not import server modules, even for a type.
 */
import { isValidParcelWeight, type LabelFormat } from "~/domain/delivery/carrier";
import { PARCEL_WEIGHT_MESSAGE, PREPARABLE_ORDER_STATUSES, UNWEIGHED_UNIT_GRAMS, parcelTooHeavyMessage } from "~/domain/delivery/parcel";

export type { BatchOutcome, ShipmentPreparation, ShipmentSummary } from "~/domain/delivery/parcel";
export { SHIPMENT_BATCH_MAX } from "~/domain/delivery/parcel";

/** Statuses from which a parcel may be prepared (the workflow refuses the others). */
export const PREPARABLE_STATUSES = PREPARABLE_ORDER_STATUSES;

/** The label formats as the administrator reads them, the thermal printer's first (the server's default). */
export const LABEL_FORMAT_CHOICES: readonly { value: LabelFormat; label: string }[] = [
  { value: "10x15", label: "10 × 15 cm (imprimante thermique)" },
  { value: "A4", label: "A4" },
];

const orderPath = (orderId: string) => `/api/v1/admin/orders/${encodeURIComponent(orderId)}`;

export const shipmentUrl = (orderId: string) => `${orderPath(orderId)}/shipment`;
export const shipmentLabelUrl = (orderId: string) => `${orderPath(orderId)}/shipment/label`;

// The server splits order_ids on commas: each id is encoded, the commas between them are not.
const idsQuery = (orderIds: readonly string[]) => `order_ids=${orderIds.map(encodeURIComponent).join(",")}`;
export const batchLabelsUrl = (orderIds: readonly string[]) => `/api/v1/admin/shipments/labels?${idsQuery(orderIds)}`;
export const pickingListUrl = (orderIds: readonly string[]) => `/api/v1/admin/shipments/picking-list?${idsQuery(orderIds)}`;
export const SHIPMENT_BATCH_URL = "/api/v1/admin/shipments/batch";

/** A weight in kilograms the French way ("30 kg", "0,5 kg"), as the server words its maximum. */
export function kilograms(grams: number): string {
  return `${(grams / 1000).toLocaleString("fr-FR")} kg`;
}

export const WEIGHT_REQUIRED_MESSAGE = PARCEL_WEIGHT_MESSAGE;
export const tooHeavyMessage = parcelTooHeavyMessage;

/** The typed weight in grams, or why it cannot be sent (empty, 0, not a whole number, over the product's maximum). */
export function checkParcelWeight(typed: string, maxGrams: number): { ok: true; grams: number } | { ok: false; message: string } {
  const text = typed.trim();
  const grams = /^[0-9]{1,7}$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(grams) || grams <= 0) return { ok: false, message: WEIGHT_REQUIRED_MESSAGE };
  if (!isValidParcelWeight(grams, maxGrams)) return { ok: false, message: tooHeavyMessage(maxGrams) };
  return { ok: true, grams };
}

/** "1 article sans poids compté à 300 g", "2 articles sans poids comptés à 300 g". */
export function unweighedHint(units: number): string {
  const many = units > 1;
  return `${units.toLocaleString("fr-FR")} article${many ? "s" : ""} sans poids compté${many ? "s" : ""} à ${UNWEIGHED_UNIT_GRAMS} g`;
}
