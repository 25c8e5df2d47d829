/**
 * Which carrier client serves a delivery method (decision 062). A method names a carrier brand
 * (Paramètres); the brand's web service serves it when `CARRIERS` lists it, with the credentials
 * checked at boot (env.ts). Otherwise a demonstration shop uses the demonstration's carrier, and a
 * live shop has none: it cannot print that brand's labels or list its points, and says so.
 * Chronopost and UPS have no client in this version: their parcels are shipped by hand.
 */
import { getEnv, type Env } from "~/.server/env";
import type { CarrierClient, RealCarrierCode } from "~/domain/delivery/carrier";
import { isLabelCarrier } from "~/domain/delivery/carrier-products";
import type { Carrier } from "~/domain/orders/shipping-tracking";
import { remember } from "~/lib/remember";
import { createColissimoCarrier } from "./colissimo/colissimo-carrier";
import { demoCarrier } from "./demo-carrier";
import { createMondialRelayCarrier } from "./mondial-relay/mondial-relay-carrier";

/** The real clients the environment configures, built once. */
function realClients(env: Env): Partial<Record<RealCarrierCode, CarrierClient>> {
  const clients: Partial<Record<RealCarrierCode, CarrierClient>> = {};
  if (env.CARRIERS.includes("colissimo")) {
    clients.colissimo = createColissimoCarrier({
      contractNumber: env.COLISSIMO_CONTRACT_NUMBER ?? "",
      password: env.COLISSIMO_PASSWORD ?? "",
      trackingApiKey: env.LAPOSTE_OKAPI_KEY ?? "",
      slsUrl: env.COLISSIMO_SLS_URL,
      pointsUrl: env.COLISSIMO_POINTS_URL,
      trackingUrl: env.LAPOSTE_TRACKING_URL,
    });
  }
  if (env.CARRIERS.includes("mondialrelay")) {
    clients.mondialrelay = createMondialRelayCarrier({
      enseigne: env.MONDIAL_RELAY_ENSEIGNE ?? "",
      privateKey: env.MONDIAL_RELAY_PRIVATE_KEY ?? "",
      url: env.MONDIAL_RELAY_URL,
      labelBaseUrl: env.MONDIAL_RELAY_LABEL_URL,
    });
  }
  return clients;
}

let override: Partial<Record<RealCarrierCode, CarrierClient>> | null = null;
const configured = () => remember("carrier-clients", () => realClients(getEnv()));

/** Tests swap the real clients for ones pointed at their local servers; null restores the environment's. */
export function setCarrierClients(clients: Partial<Record<RealCarrierCode, CarrierClient>> | null): void {
  override = clients;
}

/** The client of a brand: its web service, the demonstration's in a demonstration shop, or null (shipped by hand, or not configured live). */
export function carrierClientFor(brand: Carrier): CarrierClient | null {
  if (!isLabelCarrier(brand)) return null;
  const real = (override ?? configured())[brand];
  if (real) return real;
  return getEnv().SHOP_MODE === "demo" ? demoCarrier : null;
}

/** The client that printed a parcel (shipments.carrier), to track it or reprint it. */
export function carrierClientOf(code: string): CarrierClient | null {
  if (code === "demo") return demoCarrier;
  return (override ?? configured())[code as RealCarrierCode] ?? null;
}
