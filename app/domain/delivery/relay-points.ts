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
};

export const RELAY_SEARCH_POSTAL_CODE_MESSAGE = "Saisissez un code postal à 5 chiffres";
export const RELAY_SEARCH_EMPTY_MESSAGE = "Aucun point relais trouvé pour ce code postal";

/** "1,2 km" */
export function formatDistance(km: number): string {
  return `${km.toLocaleString("fr-FR", { maximumFractionDigits: 1 })} km`;
}
