/**
 * From an order to a carrier's parcel (decision 062): the addresses in the carrier's shape, the
 * parcel's weight pre-filled from the products' weights, and the customs articles of a CN23.
 * Isomorphic: 'Préparer l'expédition' shows the pre-filled weight the server would compute.
 */
import type { CarrierAddress, CustomsArticle, LabelFormat } from "./carrier";
import type { Carrier } from "~/domain/orders/shipping-tracking";
import * as COMMON_MESSAGES from "~/domain/messages/common";

/** A parcel's weight refused: the same words before the request (the dialog) and after (the workflow). */
export const PARCEL_WEIGHT_MESSAGE = "Indiquez le poids du colis en grammes : un nombre entier supérieur à 0.";
export function parcelTooHeavyMessage(maxGrams: number): string {
  return `Le colis dépasse le poids maximum de ce produit : ${(maxGrams / 1000).toLocaleString("fr-FR")} kg.`;
}

/** Statuses from which an order's parcel may be prepared: placed (and paid), not yet gone. */
export const PREPARABLE_ORDER_STATUSES: ReadonlySet<string> = new Set(["pending", "confirmed", "processing"]);

/** What an order's address holds (orders.shipping_address). */
export type OrderAddressLike = {
  first_name: string;
  last_name: string;
  company?: string | null;
  street: string;
  additional_info?: string | null;
  city: string;
  postal_code: string;
  country: string;
  phone?: string | null;
};

/** The overseas departments and collectivities carriers name by their own ISO code. */
const OVERSEAS_BY_PREFIX: Record<string, string> = {
  "971": "GP",
  "972": "MQ",
  "973": "GF",
  "974": "RE",
  "975": "PM",
  "976": "YT",
  "977": "BL",
  "978": "MF",
};

export function countryCodeOf(country: string, postalCode: string): string | null {
  switch (country) {
    case "France":
      return OVERSEAS_BY_PREFIX[postalCode.trim().slice(0, 3)] ?? "FR";
    case COMMON_MESSAGES.countryBelgium:
      return "BE";
    case COMMON_MESSAGES.countrySwitzerland:
      return "CH";
    case "Luxembourg":
      return "LU";
    case "Monaco":
      return "MC";
    default:
      return null;
  }
}

export function carrierAddressOf(address: OrderAddressLike, email: string | null): CarrierAddress | null {
  const countryCode = countryCodeOf(address.country, address.postal_code);
  if (!countryCode) return null;
  return {
    firstName: address.first_name,
    lastName: address.last_name,
    company: address.company ?? null,
    line1: address.street,
    line2: address.additional_info ?? null,
    postalCode: address.postal_code,
    city: address.city,
    countryCode,
    phone: address.phone ?? null,
    email,
  };
}

/**
 * The shop's address as a sender, from its identity's one line ("12 rue des Lilas, 75008 Paris,
 * France"): null when the line does not end with a French postal code and town.
 */
export function shopSenderAddress(identity: {
  companyName: string;
  address: string;
  contactPhone: string;
  contactEmail: string;
}): CarrierAddress | null {
  const match = /^(.+?),\s*([0-9]{5})\s+([^,]+?)(?:,\s*France)?\s*$/iu.exec(identity.address.trim());
  if (!match) return null;
  return {
    firstName: "Service",
    lastName: "Expéditions",
    company: identity.companyName.replace(/\s*\(.*\)\s*$/, ""),
    line1: match[1],
    line2: null,
    postalCode: match[2],
    city: match[3],
    countryCode: "FR",
    phone: identity.contactPhone,
    email: identity.contactEmail,
  };
}

/** The packing (box, paper, samples) added to the products' weights. */
export const PACKING_GRAMS = 150;
/** A unit whose product has no weight yet counts as this much: a 50 ml perfume in its box. */
export const UNWEIGHED_UNIT_GRAMS = 300;

export type ParcelLine = {
  name: string;
  quantity: number;
  unitWeightGrams: number | null;
  unitPriceCents: number;
  category: string | null;
};

/** The pre-filled weight: the lines' weights (an unweighed unit at the default) and the packing. */
export function suggestedParcelWeight(lines: readonly ParcelLine[]): { grams: number; unweighed: number } {
  let grams = PACKING_GRAMS;
  let unweighed = 0;
  for (const line of lines) {
    if (line.unitWeightGrams === null) unweighed += line.quantity;
    grams += line.quantity * (line.unitWeightGrams ?? UNWEIGHED_UNIT_GRAMS);
  }
  return { grams, unweighed };
}

/** Tariff headings of what the shop sells: perfumes 3303, make-up and skin care 3304, hair 3305. */
export function hsCodeOf(category: string | null): string {
  const c = (category ?? "").toLowerCase();
  if (/parfum|eau de|fragrance/.test(c)) return "330300";
  if (/cheveu|capillaire|hair/.test(c)) return "330590";
  return "330499";
}

export function customsArticlesOf(lines: readonly ParcelLine[]): CustomsArticle[] {
  return lines.map((line) => ({
    description: line.name.slice(0, 64),
    quantity: line.quantity,
    weightGrams: line.unitWeightGrams ?? UNWEIGHED_UNIT_GRAMS,
    valueCents: line.unitPriceCents,
    hsCode: hsCodeOf(line.category),
    originCountry: "FR",
  }));
}

/** A printed parcel as 'Préparer l'expédition' shows it. */
export type ShipmentSummary = {
  tracking_number: string;
  tracking_url: string;
  label_format: LabelFormat;
  created_at: string;
  status: string;
};

/** What 'Préparer l'expédition' opens with: the parcel's product, its carrier, and the pre-filled weight. */
export type ShipmentPreparation = {
  carrier: Carrier;
  carrier_label: string;
  product_code: string;
  product_label: string;
  max_weight_grams: number;
  suggested_weight_grams: number;
  /** Units whose product has no weight yet, counted at the default. */
  unweighed_units: number;
  /** Null: a label can be printed; else why not (in French). */
  refusal: string | null;
  shipment: ShipmentSummary | null;
};

/** One order of the day's batch: printed (with its number) or refused (with the reason, in French). */
export type BatchOutcome = {
  order_id: string;
  order_number: string | null;
  ok: boolean;
  tracking_number: string | null;
  message: string | null;
};

/** At most this many orders in one batch: a day's parcels for a small shop, and a bounded request. */
export const SHIPMENT_BATCH_MAX = 100;
