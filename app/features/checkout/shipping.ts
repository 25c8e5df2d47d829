/**
 * Delivery zone and fee of an order, from the country and postal code of the delivery address
 * and the merchandise subtotal. Isomorphic: the checkout page shows the same figure the server
 * charges (the server always recomputes it; the client's figure is never trusted).
 */
import {
  BELGIUM_SHIPPING_FEE_CENTS,
  CORSICA_SHIPPING_FEE_CENTS,
  FREE_SHIPPING_THRESHOLD_CENTS,
  LUXEMBOURG_SHIPPING_FEE_CENTS,
  MONACO_SHIPPING_FEE_CENTS,
  OVERSEAS_SHIPPING_FEE_CENTS,
  SHIPPING_FEE_CENTS,
  SWITZERLAND_SHIPPING_FEE_CENTS,
} from "~/lib/shop-rules";

export type ShippingZone = "metropole" | "corse" | "outre-mer" | "belgique" | "suisse" | "luxembourg" | "monaco";
export type ShippingMethod = "standard" | "free_shipping";

export type ShippingQuote = {
  zone: ShippingZone;
  /** French name of the zone, for the summary. */
  zoneLabel: string;
  feeCents: number;
  method: ShippingMethod;
  /** Merchandise subtotal from which delivery is free in this zone, or null when it never is. */
  freeThresholdCents: number | null;
};

type ZoneRule = { label: string; feeCents: number; freeThresholdCents: number | null };

export const SHIPPING_ZONES: Record<ShippingZone, ZoneRule> = {
  metropole: { label: "France métropolitaine", feeCents: SHIPPING_FEE_CENTS, freeThresholdCents: FREE_SHIPPING_THRESHOLD_CENTS },
  corse: { label: "Corse", feeCents: CORSICA_SHIPPING_FEE_CENTS, freeThresholdCents: FREE_SHIPPING_THRESHOLD_CENTS },
  "outre-mer": { label: "Outre-mer", feeCents: OVERSEAS_SHIPPING_FEE_CENTS, freeThresholdCents: null },
  belgique: { label: "Belgique", feeCents: BELGIUM_SHIPPING_FEE_CENTS, freeThresholdCents: FREE_SHIPPING_THRESHOLD_CENTS },
  suisse: { label: "Suisse", feeCents: SWITZERLAND_SHIPPING_FEE_CENTS, freeThresholdCents: FREE_SHIPPING_THRESHOLD_CENTS },
  luxembourg: { label: "Luxembourg", feeCents: LUXEMBOURG_SHIPPING_FEE_CENTS, freeThresholdCents: FREE_SHIPPING_THRESHOLD_CENTS },
  monaco: { label: "Monaco", feeCents: MONACO_SHIPPING_FEE_CENTS, freeThresholdCents: FREE_SHIPPING_THRESHOLD_CENTS },
};

/** The zone of an address; null for a country we do not deliver to. */
export function shippingZoneOf(country: string, postalCode: string): ShippingZone | null {
  const code = postalCode.trim();
  switch (country) {
    case "France":
      if (code.startsWith("20")) return "corse";
      if (code.startsWith("97") || code.startsWith("98")) return "outre-mer";
      return "metropole";
    case "Belgique":
      return "belgique";
    case "Suisse":
      return "suisse";
    case "Luxembourg":
      return "luxembourg";
    case "Monaco":
      return "monaco";
    default:
      return null;
  }
}

/** The fee for a zone and a merchandise subtotal (before any points discount). */
export function quoteShipping(zone: ShippingZone, subtotalCents: number): ShippingQuote {
  const rule = SHIPPING_ZONES[zone];
  const free = rule.freeThresholdCents !== null && subtotalCents >= rule.freeThresholdCents;
  return {
    zone,
    zoneLabel: rule.label,
    feeCents: free ? 0 : rule.feeCents,
    method: free ? "free_shipping" : "standard",
    freeThresholdCents: rule.freeThresholdCents,
  };
}

/** Before an address is chosen (cart drawer): the metropolitan rule. */
export function quoteDefaultShipping(subtotalCents: number): ShippingQuote {
  return quoteShipping("metropole", subtotalCents);
}
