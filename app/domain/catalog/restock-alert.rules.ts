import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { formatMessage } from "~/domain/messages/format";

/**
 * 'M'avertir du retour en stock': limits and messages, without zod (the product
 * page imports this; RestockAlertSchema applies the same rules on the server).
 */
export const RESTOCK_EMAIL_MAX = 254;
export const RESTOCK_EMAIL_REQUIRED = SHOP_MESSAGES.eMailRequired;
export const RESTOCK_EMAIL_TOO_LONG = formatMessage(SHOP_MESSAGES.emailMaxLength, { max: RESTOCK_EMAIL_MAX });
export const RESTOCK_EMAIL_INVALID = SHOP_MESSAGES.invalidEMailFormat;
export const RESTOCK_VARIANT_INVALID = SHOP_MESSAGES.chooseVariantProduct;

/** The same answer whatever the address (no account enumeration). */
export const RESTOCK_VISITOR_MESSAGE = SHOP_MESSAGES.thankIfAddressValidWill;
export const RESTOCK_SIGNED_IN_MESSAGE = SHOP_MESSAGES.notedWeWillWriteAs;
export const RESTOCK_IN_STOCK_MESSAGE = SHOP_MESSAGES.variantAvailableAddCart;

/** Browser-side check of the e-mail field: the first problem, or null. */
export function restockEmailProblem(raw: string): string | null {
  const email = raw.trim();
  if (!email) return RESTOCK_EMAIL_REQUIRED;
  if (email.length > RESTOCK_EMAIL_MAX) return RESTOCK_EMAIL_TOO_LONG;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return RESTOCK_EMAIL_INVALID;
  return null;
}
