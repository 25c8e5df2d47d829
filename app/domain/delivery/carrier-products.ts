/**
 * What each delivery method ships with: a carrier and one of its products (decision 062).
 * Paramètres offers, for each method, the products that fit it: a relay method needs a product
 * delivered to a point, a home method one delivered to the door. Chronopost and UPS have no web
 * service in this version: a method naming them is shipped by hand, its number typed from the
 * carrier's own tool.
 */
import type { Carrier } from "~/domain/orders/shipping-tracking";
import { OVERSEAS_COUNTRY_CODES } from "./carrier";
import type { DeliveryMethodCode } from "./delivery-methods";

export type ProductKind = "home" | "point" | "express";

export type CarrierProduct = { code: string; label: string; kind: ProductKind; maxWeightGrams: number };

export const CARRIER_PRODUCTS: Record<Carrier, readonly CarrierProduct[]> = {
  colissimo: [
    { code: "DOM", label: "Colissimo Domicile sans signature", kind: "home", maxWeightGrams: 30_000 },
    { code: "DOS", label: "Colissimo Domicile avec signature", kind: "home", maxWeightGrams: 30_000 },
    { code: "A2P", label: "Colissimo Point Retrait (relais Pickup)", kind: "point", maxWeightGrams: 20_000 },
    { code: "BPR", label: "Colissimo Bureau de poste", kind: "point", maxWeightGrams: 30_000 },
    { code: "COLI", label: "Colissimo Expert international", kind: "home", maxWeightGrams: 30_000 },
  ],
  mondialrelay: [
    { code: "24R", label: "Mondial Relay Point Relais", kind: "point", maxWeightGrams: 30_000 },
    { code: "HOM", label: "Mondial Relay Domicile", kind: "home", maxWeightGrams: 25_000 },
  ],
  chronopost: [{ code: "CHRONO13", label: "Chronopost 13 (saisie manuelle du numéro)", kind: "express", maxWeightGrams: 30_000 }],
  ups: [{ code: "UPS_STANDARD", label: "UPS Standard (saisie manuelle du numéro)", kind: "home", maxWeightGrams: 30_000 }],
};

/** The product each method had before methods named one: what the migration writes. */
export const DEFAULT_PRODUCT_OF: Record<DeliveryMethodCode, string> = { standard: "DOM", relay: "A2P", express: "CHRONO13" };

export function carrierProduct(carrier: Carrier, code: string): CarrierProduct | null {
  return CARRIER_PRODUCTS[carrier].find((p) => p.code === code) ?? null;
}

/** Whether a product suits a method: the relay method delivers to a point, the others to the door. */
export function productFitsMethod(method: DeliveryMethodCode, product: CarrierProduct): boolean {
  return method === "relay" ? product.kind === "point" : product.kind !== "point";
}

/** Carriers whose labels and tracking come from their web service (the others are typed by hand). */
export const LABEL_CARRIERS = ["colissimo", "mondialrelay"] as const satisfies readonly Carrier[];
export type LabelCarrier = (typeof LABEL_CARRIERS)[number];
export function isLabelCarrier(carrier: Carrier): carrier is LabelCarrier {
  return (LABEL_CARRIERS as readonly string[]).includes(carrier);
}

/** A product by its code alone, with its brand ("A2P" → Colissimo Point Retrait). */
export function productByCode(code: string): { brand: Carrier; product: CarrierProduct } | null {
  for (const [brand, products] of Object.entries(CARRIER_PRODUCTS) as [Carrier, readonly CarrierProduct[]][]) {
    const product = products.find((p) => p.code === code);
    if (product) return { brand, product };
  }
  return null;
}

/** The brand whose product a parcel goes by ("A2P" → colissimo): its tracking page and number format. */
export function brandOfProduct(code: string): Carrier | null {
  return productByCode(code)?.brand ?? null;
}

/**
 * The product a Colissimo parcel really goes by for its destination: overseas, home delivery is
 * Colissimo Outre-Mer (COM, CDS with signature); outside the EU it is Colissimo Expert (COLI).
 * The method names the mainland product; the label service refuses it elsewhere.
 */
export function destinationProduct(brand: Carrier, code: string, countryCode: string): string {
  if (brand !== "colissimo" || (code !== "DOM" && code !== "DOS")) return code;
  if (OVERSEAS_COUNTRY_CODES.has(countryCode)) return code === "DOS" ? "CDS" : "COM";
  if (countryCode === "CH") return "COLI";
  return code;
}
