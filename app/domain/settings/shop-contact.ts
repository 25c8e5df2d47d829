/** The customer service's contact details the information pages show, read from the shop identity (decision 046). */
import { phoneHref, type ShopIdentity } from "~/domain/settings/shop-identity";

export type ShopContactDetails = { phone: string; phoneHref: string; email: string };

export function contactDetailsOf(identity: ShopIdentity): ShopContactDetails {
  return { phone: identity.contactPhone, phoneHref: phoneHref(identity.contactPhone), email: identity.contactEmail };
}
