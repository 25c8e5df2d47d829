/**
 * The texts sent to shoppers who turned on "Notifications par SMS" (docs/decisions/043-preferences-that-take-effect.md):
 * shipping and delivery only, short French sentences, with the parcel's tracking number and link.
 */
export type OrderSmsFacts = {
  status: string;
  orderNumber: string;
  carrierLabel: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
};

/** The SMS for a status, or null when that status sends none. */
export function orderSmsText(facts: OrderSmsFacts): string | null {
  if (facts.status === "shipped") {
    const parts = [`Aurore : votre commande ${facts.orderNumber} est expédiée.`];
    if (facts.trackingNumber) {
      parts.push(
        `Suivi ${facts.carrierLabel ? `${facts.carrierLabel} ` : ""}n° ${facts.trackingNumber}${facts.trackingUrl ? ` : ${facts.trackingUrl}` : ""}`,
      );
    }
    return parts.join(" ");
  }
  if (facts.status === "delivered") return `Aurore : votre commande ${facts.orderNumber} a été livrée. Merci pour votre confiance !`;
  return null;
}
