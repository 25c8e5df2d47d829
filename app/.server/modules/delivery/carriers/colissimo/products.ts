/**
 * Colissimo's product codes as the label service takes them ("Colissimo Web Services – Simple
 * Label Solution specification", products available): which deliver to a point, and how heavy a
 * parcel each takes. The label service itself caps every parcel at 30 kg "or the maximum weight
 * authorised by the pick-up location": relay shops take 20 kg, post offices the full 30 kg (the
 * carrier's own shop plug-ins list only post offices above 20 kg).
 */

/** Suggested products for Paramètres, code → French label. */
export const COLISSIMO_PRODUCTS = {
  DOM: "Colissimo Domicile sans signature",
  DOS: "Colissimo Domicile avec signature",
  A2P: "Colissimo Point Retrait (relais)",
  BPR: "Colissimo Bureau de poste",
  COLI: "Colissimo Expert international",
  CORE: "Colissimo Retour France",
  COM: "Colissimo Outre-Mer sans signature",
  CDS: "Colissimo Outre-Mer avec signature",
} as const satisfies Record<string, string>;

export type ColissimoProductCode = keyof typeof COLISSIMO_PRODUCTS;

/**
 * Products delivered to a point, whose label must name it (`pickupLocationId`): relay shops
 * (A2P, CMT abroad), post offices (BPR, BDP in Belgium), lockers (PCS), and HD, the code the
 * service now gives every out-of-home delivery.
 */
export const POINT_PRODUCTS: ReadonlySet<string> = new Set(["A2P", "BPR", "BDP", "CMT", "PCS", "ACP", "CDI", "HD"]);

/** Post offices take a parcel up to the service's 30 kg; relay shops and lockers up to 20 kg. */
const POST_OFFICE_PRODUCTS: ReadonlySet<string> = new Set(["BPR", "BDP", "ACP", "CDI"]);

export const SERVICE_MAX_GRAMS = 30_000;
export const RELAY_MAX_GRAMS = 20_000;

export function isPointProduct(productCode: string): boolean {
  return POINT_PRODUCTS.has(productCode);
}

export function maxWeightGramsOf(productCode: string): number {
  if (POINT_PRODUCTS.has(productCode) && !POST_OFFICE_PRODUCTS.has(productCode)) return RELAY_MAX_GRAMS;
  return SERVICE_MAX_GRAMS;
}
