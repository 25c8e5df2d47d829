/**
 * Delivery zone and fee of an order, from the country and postal code of the delivery address
 * and the merchandise subtotal. Isomorphic: the checkout page shows the same figure the server
 * charges (the server always recomputes it; the client's figure is never trusted).
 */
import {
  BELGIUM_SHIPPING_FEE_CENTS,
  FREE_SHIPPING_THRESHOLD_CENTS,
  LUXEMBOURG_SHIPPING_FEE_CENTS,
  MONACO_SHIPPING_FEE_CENTS,
  OVERSEAS_SHIPPING_FEE_CENTS,
  SHIPPING_FEE_CENTS,
  SWITZERLAND_SHIPPING_FEE_CENTS,
} from "~/lib/shop-rules";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import * as COMMON_MESSAGES from "~/domain/messages/common";

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

/**
 * The two figures the administrator edits in Paramètres (back-office): the mainland fee and the
 * free-delivery threshold. Read on the server (the delivery module's shipping-settings.service) and handed to the pages by
 * the root loader; the defaults are the published rules.
 */
export type ShippingSettings = { feeCents: number; freeThresholdCents: number };

export const DEFAULT_SHIPPING_SETTINGS: ShippingSettings = {
  feeCents: SHIPPING_FEE_CENTS,
  freeThresholdCents: FREE_SHIPPING_THRESHOLD_CENTS,
};

type ZoneRule = {
  label: string;
  /** "settings": the edited mainland fee; otherwise a fixed fee in cents. */
  feeCents: number | "settings";
  /** "settings": the edited threshold; null: never free. */
  freeThresholdCents: "settings" | null;
};

/**
 * Only the mainland fee (Corsica shares it: same published 9,90 €) and the threshold are
 * editable: the spec names those two. The other zones' fees are published figures of their own
 * (carrier rates), so they stay constants; the zones that are free "from 100 €" follow the
 * edited threshold, overseas is never free.
 */
export const SHIPPING_ZONES: Record<ShippingZone, ZoneRule> = {
  metropole: { label: CHECKOUT_MESSAGES.mainlandFrance, feeCents: "settings", freeThresholdCents: "settings" },
  corse: { label: CHECKOUT_MESSAGES.zoneCorsica, feeCents: "settings", freeThresholdCents: "settings" },
  "outre-mer": { label: CHECKOUT_MESSAGES.zoneOverseas, feeCents: OVERSEAS_SHIPPING_FEE_CENTS, freeThresholdCents: null },
  belgique: { label: COMMON_MESSAGES.countryBelgium, feeCents: BELGIUM_SHIPPING_FEE_CENTS, freeThresholdCents: "settings" },
  suisse: { label: COMMON_MESSAGES.countrySwitzerland, feeCents: SWITZERLAND_SHIPPING_FEE_CENTS, freeThresholdCents: "settings" },
  luxembourg: { label: "Luxembourg", feeCents: LUXEMBOURG_SHIPPING_FEE_CENTS, freeThresholdCents: "settings" },
  monaco: { label: "Monaco", feeCents: MONACO_SHIPPING_FEE_CENTS, freeThresholdCents: "settings" },
};

/** The zone of an address; null for a country we do not deliver to. */
export function shippingZoneOf(country: string, postalCode: string): ShippingZone | null {
  const code = postalCode.trim();
  switch (country) {
    case "France":
      if (code.startsWith("20")) return "corse";
      if (code.startsWith("97") || code.startsWith("98")) return "outre-mer";
      return "metropole";
    case COMMON_MESSAGES.countryBelgium:
      return "belgique";
    case COMMON_MESSAGES.countrySwitzerland:
      return "suisse";
    case "Luxembourg":
      return "luxembourg";
    case "Monaco":
      return "monaco";
    default:
      return null;
  }
}

/**
 * The fee for a zone and a merchandise subtotal (before any points discount), under the shop's
 * current settings. Pure: the server passes the settings it read, the pages those of the root
 * loader, so both compute the same figure.
 */
export function quoteShipping(zone: ShippingZone, subtotalCents: number, settings: ShippingSettings): ShippingQuote {
  const rule = SHIPPING_ZONES[zone];
  const threshold = rule.freeThresholdCents === "settings" ? settings.freeThresholdCents : null;
  const fee = rule.feeCents === "settings" ? settings.feeCents : rule.feeCents;
  const free = threshold !== null && subtotalCents >= threshold;
  return {
    zone,
    zoneLabel: rule.label,
    feeCents: free ? 0 : fee,
    method: free || fee === 0 ? "free_shipping" : "standard",
    freeThresholdCents: threshold,
  };
}

/** Before an address is chosen (cart drawer): the metropolitan rule. */
export function quoteDefaultShipping(subtotalCents: number, settings: ShippingSettings): ShippingQuote {
  return quoteShipping("metropole", subtotalCents, settings);
}

/**
 * Perfumes contain alcohol, which carriers restrict on flights to the overseas departments (the
 * FAQ says so): the checkout warns before such an order is paid rather than after.
 */
export const OVERSEAS_ALCOHOL_NOTICE = CHECKOUT_MESSAGES.deliveryOverseasPerfumesContainAlcohol;

const ALCOHOLIC_PRODUCT = /parfum|eau de toilette|eau de cologne/i;

/** Whether a line is a perfume, from its category or its name (the catalogue has no alcohol flag). */
export function containsAlcohol(line: { name: string; category_name: string | null }): boolean {
  return ALCOHOLIC_PRODUCT.test(line.category_name ?? "") || ALCOHOLIC_PRODUCT.test(line.name);
}

/** Notices about delivering these lines to this zone (French, shown in the checkout). */
export function shippingNotices(zone: ShippingZone | null, lines: readonly { name: string; category_name: string | null }[]): string[] {
  return zone === "outre-mer" && lines.some(containsAlcohol) ? [OVERSEAS_ALCOHOL_NOTICE] : [];
}
