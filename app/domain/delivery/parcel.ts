/**
 * From an order to a carrier's parcel (decision 062): the addresses in the carrier's shape, the
 * parcel's weight pre-filled from the products' weights, and the customs articles of a CN23.
 * Isomorphic: 'Préparer l'expédition' shows the pre-filled weight the server would compute.
 */
import type { CarrierAddress, CustomsArticle, CustomsDeclaration, LabelFormat } from "./carrier";
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

/** The ISO code of an address country as the shop's forms name it (France for all of France); null for another. */
export function isoCountryOf(country: string): string | null {
  switch (country) {
    case "France":
      return "FR";
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

/** The ISO code carriers use for an address: an overseas department or collectivity by its own. */
export function countryCodeOf(country: string, postalCode: string): string | null {
  const iso = isoCountryOf(country);
  return iso === "FR" ? (OVERSEAS_BY_PREFIX[postalCode.trim().slice(0, 3)] ?? "FR") : iso;
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
  /** The product's customs code and origin for a CN23 (decision 063); null while not declared. */
  hsCode: string | null;
  originCountry: string | null;
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

export function missingHsCodeMessage(productName: string): string {
  return `Code douanier manquant pour « ${productName} » : renseignez-le dans la fiche produit avant d'expédier hors de l'Union européenne.`;
}

export function missingOriginMessage(productName: string): string {
  return `Pays d'origine manquant pour « ${productName} » : renseignez-le dans la fiche produit avant d'expédier hors de l'Union européenne.`;
}

/**
 * Why these lines cannot be declared on a CN23, naming the first product at fault, or null. The
 * code and origin are the product's own (its form says so): a guess would be a false declaration.
 */
export function customsRefusalOf(lines: readonly ParcelLine[]): string | null {
  for (const line of lines) {
    if (!line.hsCode) return missingHsCodeMessage(line.name);
    if (!line.originCountry) return missingOriginMessage(line.name);
  }
  return null;
}

/**
 * One article per order line: its unit value is what the order charged, its unit weight the
 * product's packed weight or, for a product not yet weighed, an even share of what the parcel
 * weighs beyond the packing and the weighed units (so the articles never outweigh the parcel).
 * Lines must have passed customsRefusalOf.
 */
export function customsArticlesOf(lines: readonly ParcelLine[], parcelWeightGrams: number): CustomsArticle[] {
  const weighed = lines.reduce((sum, l) => sum + (l.unitWeightGrams === null ? 0 : l.quantity * l.unitWeightGrams), 0);
  const unweighedUnits = lines.reduce((sum, l) => sum + (l.unitWeightGrams === null ? l.quantity : 0), 0);
  const share = unweighedUnits > 0 ? Math.max(1, Math.floor((parcelWeightGrams - PACKING_GRAMS - weighed) / unweighedUnits)) : 0;
  return lines.map((line) => ({
    description: Array.from(line.name).slice(0, 64).join(""),
    quantity: line.quantity,
    weightGrams: line.unitWeightGrams ?? share,
    valueCents: line.unitPriceCents,
    hsCode: line.hsCode ?? "",
    originCountry: line.originCountry ?? "",
  }));
}

/** The CN23 of a sale: the lines' articles, their total in euros, the shipping charged and the invoice. */
export function saleCustomsDeclaration(
  lines: readonly ParcelLine[],
  facts: { parcelWeightGrams: number; shippingCents: number; invoiceNumber: string | null },
): CustomsDeclaration {
  const articles = customsArticlesOf(lines, facts.parcelWeightGrams);
  return {
    category: "sale",
    articles,
    currency: "EUR",
    totalValueCents: articles.reduce((sum, a) => sum + a.quantity * a.valueCents, 0),
    shippingCents: facts.shippingCents,
    invoiceNumber: facts.invoiceNumber,
  };
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
