import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";

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

export const RELAY_SEARCH_POSTAL_CODE_MESSAGE = CHECKOUT_MESSAGES.enter5DigitPostcode;
export const RELAY_SEARCH_EMPTY_MESSAGE = CHECKOUT_MESSAGES.noPickupPointFoundPostcode;

/** "1,2 km" */
export function formatDistance(km: number): string {
  return `${km.toLocaleString("fr-FR", { maximumFractionDigits: 1 })} km`;
}
