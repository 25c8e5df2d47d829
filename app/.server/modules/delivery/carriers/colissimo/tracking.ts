/**
 * A parcel's events from La Poste's tracking API ("Suivi v2", api.laposte.fr):
 * `GET /idships/{idShip}?lang=fr_FR` with the application's `X-Okapi-Key`. The answer's
 * `shipment.event[]` lists the events newest first, each with its code in La Poste's harmonised
 * table (shared by letters, Colissimo and Chronopost); `estimDate` is the current estimate.
 */
import type { Tracking, TrackingEvent, TrackingEventKind } from "~/domain/delivery/carrier";
import { carrierError, isRecord, parisDay, parseJson, send, text, tidy, unavailable } from "./http";

export type TrackingContext = { url: string; apiKey: string; timeoutMs: number; redact: (text: string) => string };

/**
 * La Poste's event codes (Suivi v2 documentation, "codes événements") in the shop's words.
 * DI2 is "distribué à l'expéditeur": the parcel came back and was handed to its sender.
 */
const EVENT_KINDS: Record<string, TrackingEventKind> = {
  DR1: "label_created", // déclaratif réceptionné: the label exists, the parcel is not yet handed over
  DR2: "exception", // problème lors de la préparation
  PC1: "in_transit", // pris en charge
  PC2: "in_transit", // pris en charge dans le pays d'expédition
  ET1: "in_transit", // en cours de traitement
  ET2: "in_transit", // … dans le pays d'expédition
  ET3: "in_transit", // … dans le pays de destination
  ET4: "in_transit", // … dans un pays de transit
  EP1: "in_transit", // en attente de présentation
  DO1: "in_transit", // entrée en douane
  DO2: "in_transit", // sortie de douane
  DO3: "exception", // retenu en douane
  ID0: "in_transit", // informations douane
  PB1: "exception", // problème en cours
  PB2: "in_transit", // problème résolu: the parcel moves on
  MD2: "out_for_delivery", // mis en distribution
  ND1: "exception", // non distribuable
  DI3: "exception", // retardé
  AG1: "available_for_pickup", // en attente d'être retiré au guichet (or at the relay)
  RE1: "returned_to_sender", // retourné à l'expéditeur
  DI0: "delivered", // distribué (en lot)
  DI1: "delivered", // distribué
  DI2: "returned_to_sender", // distribué à l'expéditeur
};

/** A code the table does not list yet falls back on its family, and otherwise counts as moving. */
export function kindOf(code: string): TrackingEventKind {
  const known = EVENT_KINDS[code];
  if (known) return known;
  if (code.startsWith("DI")) return "delivered";
  if (code.startsWith("PB") || code.startsWith("ND")) return "exception";
  if (code.startsWith("RE")) return "returned_to_sender";
  return "in_transit";
}

/** ISO 8601 with its offset, as La Poste gives it; a date without one is read as UTC. */
function instant(value: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** "2025-06-14T00:00:00+02:00" → "2025-06-14": the estimate is a day, counted in Paris. */
function estimatedDay(value: unknown): string | null {
  const raw = text(value);
  if (!raw) return null;
  const date = new Date(raw);
  return Number.isNaN(date.getTime()) ? null : parisDay(date);
}

function eventsOf(shipment: Record<string, unknown>): TrackingEvent[] {
  const raw = Array.isArray(shipment.event) ? shipment.event : [];
  const events = raw
    .filter(isRecord)
    .map((event, index) => {
      const occurredAt = instant(text(event.date));
      const code = text(event.code).trim();
      if (!occurredAt || !code) return null;
      const order = typeof event.order === "number" ? event.order : -index;
      return {
        order,
        event: { kind: kindOf(code), code, label: text(event.label).trim(), occurredAt, location: null } satisfies TrackingEvent,
      };
    })
    .filter((e) => e !== null);
  // Oldest first; events of the same instant keep La Poste's order (a higher `order` is later).
  events.sort((a, b) => Date.parse(a.event.occurredAt) - Date.parse(b.event.occurredAt) || a.order - b.order);
  return events.map((e) => e.event);
}

function shipmentOf(json: unknown, trackingNumber: string): Record<string, unknown> | null {
  // One number is answered with an object; the API's description also allows a list.
  const answers = Array.isArray(json) ? json.filter(isRecord) : isRecord(json) ? [json] : [];
  const answer = answers.find((a) => isRecord(a.shipment) && text(a.shipment.idShip) === trackingNumber) ?? answers[0];
  return answer && isRecord(answer.shipment) ? answer.shipment : null;
}

/** The returnCode La Poste gives a number it does not know (or not yet): 104, 105. */
const UNKNOWN_NUMBER = new Set([104, 105]);

export async function trackParcel(ctx: TrackingContext, trackingNumber: string): Promise<Tracking | null> {
  const number = trackingNumber.trim();
  if (!number) return null;
  const answer = await send(
    `${ctx.url}/idships/${encodeURIComponent(number)}?lang=fr_FR`,
    { method: "GET", headers: { "X-Okapi-Key": ctx.apiKey, accept: "application/json" } },
    ctx.timeoutMs,
  );
  const json = parseJson(answer);
  if (answer.status === 401 || answer.status === 403) {
    throw carrierError("bad_credentials", "La Poste a refusé la clé d'API du suivi des colis (X-Okapi-Key).", `HTTP ${answer.status}`);
  }
  if (answer.status === 404) return null;
  const returnCode = isRecord(json) ? Number(json.returnCode) : NaN;
  if (answer.status === 400 && UNKNOWN_NUMBER.has(returnCode)) return null;
  // 429 is the plan's quota: like a 5xx, it passes.
  if (answer.status === 429 || answer.status >= 500) throw unavailable(`HTTP ${answer.status}`);
  if (answer.status >= 400) {
    const detail = isRecord(json) ? tidy(ctx.redact(text(json.returnMessage))) : "";
    throw carrierError(
      "invalid_request",
      `La Poste a refusé la demande de suivi du colis ${tidy(number, 20)}${detail ? ` : ${detail}` : "."}`,
      Number.isFinite(returnCode) ? String(returnCode) : `HTTP ${answer.status}`,
    );
  }
  const shipment = shipmentOf(json, number);
  if (!shipment) throw unavailable();
  return {
    trackingNumber: text(shipment.idShip) || number,
    events: eventsOf(shipment),
    estimatedDeliveryDate: estimatedDay(shipment.estimDate),
  };
}
