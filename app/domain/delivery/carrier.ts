/**
 * Carriers behind one interface (decision 062): the demonstration's carrier, Colissimo and
 * Mondial Relay each find relay points, print a parcel's label (and a return's) and report a
 * parcel's events. The types live in app/domain so the delivery module, the workflows and each
 * carrier's implementation read them without importing one another; nothing here reaches a
 * network.
 */

export const CARRIER_CODES = ["demo", "colissimo", "mondialrelay"] as const;
export type CarrierCode = (typeof CARRIER_CODES)[number];

/** The real carriers, which `CARRIERS=` may list (the demonstration's needs no configuration). */
export const REAL_CARRIER_CODES = ["colissimo", "mondialrelay"] as const;
export type RealCarrierCode = (typeof REAL_CARRIER_CODES)[number];

export const LABEL_FORMATS = ["10x15", "A4"] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** An address as a carrier needs it on a label. `countryCode` is ISO 3166-1 alpha-2 ("FR", "BE", "RE"...). */
export type CarrierAddress = {
  firstName: string;
  lastName: string;
  /** A company name (the shop's, on a sender address). */
  company?: string | null;
  line1: string;
  line2?: string | null;
  postalCode: string;
  city: string;
  countryCode: string;
  phone?: string | null;
  email?: string | null;
};

/** A point where a parcel can be collected, as a carrier describes it. */
export type CarrierPoint = {
  carrier: CarrierCode;
  /** The carrier's own identifier of the point, printed on the label ("004567", "FR-066974"...). */
  carrierPointId: string;
  name: string;
  street: string;
  postalCode: string;
  city: string;
  countryCode: string;
  /** Readable French hours ("Lun. 9h-12h, 14h-19h ; Mar. …"). */
  openingHours: string;
  /** From the searched place, in km; null when the carrier does not say. */
  distanceKm: number | null;
  /** "A2P" (Colissimo relay), "BPR" (post office), "24R" (Mondial Relay)...: the product the point accepts. */
  productCode?: string | null;
};

export type PointSearch = {
  postalCode: string;
  city?: string | null;
  countryCode: string;
  /** The parcel's weight when known; carriers list only points that accept it. */
  weightGrams?: number | null;
  /** "YYYY-MM-DD": the day the parcel leaves (Colissimo lists points open from then). */
  shippingDate: string;
  limit: number;
};

/**
 * One article of a customs declaration (CN23), for a parcel leaving the EU's customs territory:
 * one per order line, with the product's own customs code and origin (decision 063).
 */
export type CustomsArticle = {
  description: string;
  quantity: number;
  /** One unit's net weight, like the value: the product's packed weight, or its share of the parcel's. */
  weightGrams: number;
  /** Unit value, in cents of the declaration's currency: what the order charged for one unit. */
  valueCents: number;
  /** Harmonized System tariff code, 6 to 10 digits (perfumes: 330300). */
  hsCode: string;
  /** ISO 3166-1 alpha-2 country where the product was made. */
  originCountry: string;
};

/** The currencies a declaration is written in: the shop sells in euros. */
export type CustomsCurrency = "EUR";

/** The French words of each category, as the CN23 prints them. */
export const CUSTOMS_CATEGORY_LABELS: Record<CustomsDeclaration["category"], string> = {
  sale: "Vente de marchandises",
  gift: "Cadeau",
  return: "Marchandises retournées",
};

export type CustomsDeclaration = {
  /** What the parcel is: a sale of goods (Colissimo's category 3), a gift, returned goods. */
  category: "sale" | "gift" | "return";
  articles: CustomsArticle[];
  currency: CustomsCurrency;
  /** The articles' value, quantity times unit value, in cents: the CN23's total. */
  totalValueCents: number;
  /** Shipping charged to the buyer, in euro cents. */
  shippingCents: number;
  /** The order's invoice when it has one (the CN23 refers to it); null before it is issued. */
  invoiceNumber?: string | null;
};

export type LabelRequest = {
  /** The shop's reference for the parcel: the order number (or the return's). */
  reference: string;
  /** The carrier's product code ("DOM", "DOS", "A2P", "COLI", "24R", "HOM"...). */
  productCode: string;
  weightGrams: number;
  format: LabelFormat;
  sender: CarrierAddress;
  recipient: CarrierAddress;
  /** The point's carrier id when the parcel goes to a relay point or a post office. */
  pointId?: string | null;
  /** Required when the destination is outside the EU's customs territory (see `needsCustoms`). */
  customs?: CustomsDeclaration | null;
  /** "YYYY-MM-DD" */
  depositDate: string;
};

/** A return label: from the shopper (or a relay point the shopper chooses) to the shop. */
export type ReturnLabelRequest = {
  reference: string;
  weightGrams: number;
  format: LabelFormat;
  /** The shopper, who sends the parcel. */
  sender: CarrierAddress;
  /** The shop's returns address. */
  recipient: CarrierAddress;
  depositDate: string;
};

export type CarrierLabel = {
  trackingNumber: string;
  /** The label to print, as a PDF. */
  pdf: Uint8Array;
  format: LabelFormat;
  /** CN23 customs document when the carrier returns it apart from the label. */
  customsPdf?: Uint8Array | null;
};

/** What happened to a parcel, in the shop's words; the carrier's own code stays in `code`. */
export const TRACKING_EVENT_KINDS = [
  "label_created",
  "in_transit",
  "out_for_delivery",
  "available_for_pickup",
  "delivered",
  "returned_to_sender",
  "exception",
] as const;
export type TrackingEventKind = (typeof TRACKING_EVENT_KINDS)[number];

export type TrackingEvent = {
  kind: TrackingEventKind;
  /** The carrier's code of the event ("DI1", "PCHCFM", "80"...). */
  code: string;
  /** The carrier's French wording of the event. */
  label: string;
  /** ISO 8601 with offset. */
  occurredAt: string;
  location?: string | null;
};

export type Tracking = {
  trackingNumber: string;
  /** Oldest first. */
  events: TrackingEvent[];
  /** "YYYY-MM-DD": the carrier's current estimate, when it gives one. */
  estimatedDeliveryDate: string | null;
};

/** Why a carrier's call failed; `message` is French and may be shown to the administrator. */
export const CARRIER_ERROR_REASONS = ["bad_credentials", "invalid_request", "unknown_postal_code", "unavailable"] as const;
export type CarrierErrorReason = (typeof CARRIER_ERROR_REASONS)[number];

export class CarrierError extends Error {
  readonly reason: CarrierErrorReason;
  readonly carrier: CarrierCode;
  /** The carrier's own code of the error, for the logs. */
  readonly carrierCode: string | null;
  constructor(carrier: CarrierCode, reason: CarrierErrorReason, message: string, carrierCode: string | null = null) {
    super(message);
    this.name = "CarrierError";
    this.carrier = carrier;
    this.reason = reason;
    this.carrierCode = carrierCode;
  }
}

export interface CarrierClient {
  readonly code: CarrierCode;
  readonly label: string;
  /** The heaviest parcel the product takes, in grams. */
  maxWeightGrams(productCode: string): number;
  /** Points near a place, nearest first; empty for a place the carrier does not serve. Throws CarrierError. */
  searchPoints(search: PointSearch): Promise<CarrierPoint[]>;
  /** One point by its carrier id (and country), or null when the carrier does not know it. Throws CarrierError. */
  getPoint(carrierPointId: string, countryCode: string): Promise<CarrierPoint | null>;
  /** Throws CarrierError; nothing is created at the carrier when it throws. */
  createLabel(request: LabelRequest): Promise<CarrierLabel>;
  createReturnLabel(request: ReturnLabelRequest): Promise<CarrierLabel>;
  /** The parcel's events, or null when the carrier does not know the number. Throws CarrierError. */
  track(trackingNumber: string): Promise<Tracking | null>;
}

/** A parcel weight the shop accepts: whole grams, from 1 g to the product's maximum. */
export function isValidParcelWeight(grams: number, maxGrams: number): boolean {
  return Number.isInteger(grams) && grams > 0 && grams <= maxGrams;
}

/**
 * Destinations outside the EU's customs and VAT territory need a CN23: Switzerland, and the
 * French overseas departments and territories (which are outside the EU VAT area even though
 * French). ISO codes of the overseas departments are used as carriers use them.
 */
/** The French overseas departments and territories, by the ISO codes carriers use for them. */
export const OVERSEAS_COUNTRY_CODES: ReadonlySet<string> = new Set([
  "GP",
  "MQ",
  "GF",
  "RE",
  "YT",
  "PM",
  "BL",
  "MF",
  "NC",
  "PF",
  "WF",
  "TF",
]);
const CUSTOMS_DESTINATIONS = new Set(["CH", ...OVERSEAS_COUNTRY_CODES]);
export function needsCustoms(countryCode: string, postalCode: string): boolean {
  if (countryCode === "FR") return /^9[78]/.test(postalCode.trim());
  return CUSTOMS_DESTINATIONS.has(countryCode);
}
