/**
 * Facts shown on several information pages (contact details, opening hours, service claims),
 * written once. Prices and limits come from ~/lib/shop-rules; this file only formats them.
 */
import type { MessageKey } from "~/components/ui/i18n";

/** Same static contact details as the site footer. */
export const CONTACT_PHONE = "01 23 45 67 89";
export const CONTACT_PHONE_HREF = "tel:+33123456789";
export const CONTACT_EMAIL = "contact@aurore-beaute.fr";

export const CHAT_HOURS: readonly { days: string; hours: string }[] = [
  { days: "Du lundi au vendredi", hours: "de 9h à 19h" },
  { days: "Le samedi", hours: "de 10h à 18h" },
];

/** The customer-service claims of the spec (back-office §9), as catalog keys (decision 044). */
export const SERVICE_CLAIMS: readonly { value: MessageKey; label: MessageKey }[] = [
  { value: "shop.serviceClient.claim.responseValue", label: "shop.serviceClient.claim.responseLabel" },
  { value: "shop.serviceClient.claim.satisfiedValue", label: "shop.serviceClient.claim.satisfiedLabel" },
  { value: "shop.serviceClient.claim.supportValue", label: "shop.serviceClient.claim.supportLabel" },
];

const wholeEuros = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR", minimumFractionDigits: 0 });
const euros = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" });

/** Amount for prose: "100 €" for whole euros, "9,90 €" otherwise. */
export function formatEuros(cents: number): string {
  return cents % 100 === 0 ? wholeEuros.format(cents / 100) : euros.format(cents / 100);
}
