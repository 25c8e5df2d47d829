import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";

/** A relay point as the checkout lists it and the order keeps it. */
export type RelayPoint = {
  id: string;
  name: string;
  street: string;
  postal_code: string;
  city: string;
  opening_hours: string;
  /** From the searched postal code's centre, in km (approximate). */
  distance_km: number;
  /** The carrier that runs the point and its own id of it, printed on the label (decision 062). */
  carrier?: string;
  carrier_point_id?: string;
  country_code?: string;
};

/**
 * The shop's id of a carrier's point: the demonstration's ids as they were ("RP-75011-2"), a real
 * carrier's as carrier, country and its own id ("colissimo-FR-004567"), so the checkout can ask
 * the right carrier for it again.
 */
export function relayPointIdOf(point: { carrier: string; countryCode: string; carrierPointId: string }): string {
  return point.carrier === "demo" ? point.carrierPointId : `${point.carrier}-${point.countryCode}-${point.carrierPointId}`;
}

export function parseRelayPointId(id: string): { carrier: string; countryCode: string; carrierPointId: string } | null {
  const value = id.trim();
  if (/^RP-[0-9]{5}-[1-9]$/.test(value)) return { carrier: "demo", countryCode: "FR", carrierPointId: value };
  const match = /^(colissimo|mondialrelay)-([A-Z]{2})-([0-9A-Za-z]{1,16})$/.exec(value);
  return match ? { carrier: match[1], countryCode: match[2], carrierPointId: match[3] } : null;
}

export const RELAY_SEARCH_POSTAL_CODE_MESSAGE = CHECKOUT_MESSAGES.enter5DigitPostcode;
export const RELAY_SEARCH_EMPTY_MESSAGE = CHECKOUT_MESSAGES.noPickupPointFoundPostcode;
export const RELAY_SERVICE_UNAVAILABLE_MESSAGE = CHECKOUT_MESSAGES.pickupServiceUnavailable;

/** "1,2 km" */
export function formatDistance(km: number): string {
  return `${km.toLocaleString("fr-FR", { maximumFractionDigits: 1 })} km`;
}
