/**
 * The texts sent to shoppers who turned on "Notifications par SMS" (docs/decisions/043-preferences-that-take-effect.md):
 * shipping and delivery only, short sentences in the shopper's language (the `emails.sms.*`
 * messages, decision 044), with the parcel's tracking number and link.
 */
import type { MailWording } from "~/.server/mail/templates";

export type OrderSmsFacts = {
  status: string;
  orderNumber: string;
  carrierLabel: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
};

/** The SMS for a status, or null when that status sends none. */
export function orderSmsText(facts: OrderSmsFacts, m: Pick<MailWording, "t">): string | null {
  if (facts.status === "shipped") {
    const parts = [m.t("emails.sms.shipped", { orderNumber: facts.orderNumber })];
    if (facts.trackingNumber) {
      const tracking = facts.carrierLabel
        ? m.t("emails.sms.trackingCarrier", { carrier: facts.carrierLabel, number: facts.trackingNumber })
        : m.t("emails.sms.tracking", { number: facts.trackingNumber });
      parts.push(facts.trackingUrl ? m.t("emails.sms.trackingLink", { tracking, url: facts.trackingUrl }) : tracking);
    }
    return parts.join(" ");
  }
  if (facts.status === "delivered") return m.t("emails.sms.delivered", { orderNumber: facts.orderNumber });
  return null;
}
