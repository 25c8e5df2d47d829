/**
 * Relay points through the relay method's carrier (decision 062): the search at checkout and the
 * check of the point an order names. Only points the method can deliver to the shopper's address
 * are offered (the same zone: mainland France or Corsica, where the relay price is the same), so
 * a point chosen from the list is never refused afterwards. A carrier that fails or times out
 * makes the relay method unavailable for now; the other methods do not depend on it.
 */
import { log } from "~/.server/logger";
import { CarrierError, type CarrierPoint } from "~/domain/delivery/carrier";
import type { DeliveryMethod } from "~/domain/delivery/delivery-methods";
import { parseRelayPointId, relayPointIdOf, RELAY_SERVICE_UNAVAILABLE_MESSAGE, type RelayPoint } from "~/domain/delivery/relay-points";
import { shippingZoneOf, type ShippingZone } from "~/domain/checkout/shipping.rules";
import { unavailable } from "~/domain/errors";
import { parisDay } from "~/lib/paris-time";
import { RELAY_POINTS_PER_SEARCH } from "~/lib/shop-rules";
import { carrierClientFor } from "./carriers/carriers";

function toRelayPoint(point: CarrierPoint): RelayPoint {
  return {
    id: relayPointIdOf(point),
    name: point.name,
    street: point.street,
    postal_code: point.postalCode,
    city: point.city,
    opening_hours: point.openingHours,
    distance_km: point.distanceKm ?? 0,
    carrier: point.carrier,
    carrier_point_id: point.carrierPointId,
    country_code: point.countryCode,
  };
}

/** The zone a point lies in, for the method's zones. */
function pointZone(point: RelayPoint): ShippingZone | null {
  return (point.country_code ?? "FR") === "FR" ? shippingZoneOf("France", point.postal_code) : null;
}

/** Whether the method delivers to the point for an address in `deliveryZone` (null: no address yet). */
export function pointServes(method: DeliveryMethod, point: RelayPoint, deliveryZone: ShippingZone | null): boolean {
  const zone = pointZone(point);
  return zone !== null && method.zones.includes(zone) && (deliveryZone === null || zone === deliveryZone);
}

function carrierFailure(method: DeliveryMethod, error: unknown): never {
  if (error instanceof CarrierError) {
    log.warn({ carrier: error.carrier, reason: error.reason, carrierCode: error.carrierCode }, "relay point search failed");
  } else {
    log.error({ err: error, carrier: method.carrier }, "relay point search failed");
  }
  throw unavailable("relay_service_unavailable", RELAY_SERVICE_UNAVAILABLE_MESSAGE);
}

/**
 * Points near a postal code (and city), nearest first, that the method delivers to for the
 * address's zone. Empty for a place the carrier does not serve. Throws `relay_service_unavailable`
 * (unavailable) when the carrier fails.
 */
export async function searchRelayPoints(
  method: DeliveryMethod,
  query: { postalCode: string; city?: string | null; deliveryZone: ShippingZone | null; now?: Date },
): Promise<RelayPoint[]> {
  const client = carrierClientFor(method.carrier);
  if (!client) carrierFailure(method, new Error(`no carrier client for ${method.carrier}`));
  let points: CarrierPoint[];
  try {
    points = await client.searchPoints({
      postalCode: query.postalCode,
      city: query.city ?? null,
      countryCode: "FR",
      shippingDate: parisDay(query.now ?? new Date()),
      limit: RELAY_POINTS_PER_SEARCH,
    });
  } catch (error) {
    if (error instanceof CarrierError && error.reason === "unknown_postal_code") return [];
    carrierFailure(method, error);
  }
  return points.map(toRelayPoint).filter((p) => pointServes(method, p, query.deliveryZone));
}

/**
 * The point an order names, asked of the carrier that runs it; null when it does not exist (or is
 * not the method's carrier's). Throws `relay_service_unavailable` when the carrier fails.
 */
export async function findRelayPoint(method: DeliveryMethod, id: string): Promise<RelayPoint | null> {
  const parsed = parseRelayPointId(id);
  const client = carrierClientFor(method.carrier);
  if (!parsed || !client || client.code !== parsed.carrier) return null;
  try {
    const point = await client.getPoint(parsed.carrierPointId, parsed.countryCode);
    return point ? toRelayPoint(point) : null;
  } catch (error) {
    carrierFailure(method, error);
  }
}
