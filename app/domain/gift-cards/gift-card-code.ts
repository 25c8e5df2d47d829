/**
 * Gift card codes as shoppers type them (isomorphic). A code is 16 characters from an alphabet
 * without look-alikes (no I, O, 0, 1), shown in groups of four: "ABCD-EFGH-JKLM-NPQR". Spaces,
 * dashes and lower case are accepted when typed.
 */
import { z } from "zod";
import { text } from "~/lib/safe-text";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

export const GIFT_CARD_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const GIFT_CARD_CODE_LENGTH = 16;
export const GIFT_CARD_CODE_GROUP = 4;

const VALID = new RegExp(`^[${GIFT_CARD_CODE_ALPHABET}]{${GIFT_CARD_CODE_LENGTH}}$`);

/** Upper case, spaces and dashes removed: the form that is hashed. */
export function normalizeGiftCardCode(input: string): string {
  return input.replace(/[\s\-_.]/g, "").toUpperCase();
}

export function isWellFormedGiftCardCode(normalized: string): boolean {
  return VALID.test(normalized);
}

/** "ABCDEFGHJKLMNPQR" -> "ABCD-EFGH-JKLM-NPQR". */
export function formatGiftCardCode(normalized: string): string {
  return normalized.match(new RegExp(`.{1,${GIFT_CARD_CODE_GROUP}}`, "g"))?.join("-") ?? normalized;
}

/** "•••• NPQR": how a card is shown once sold (only its last 4 characters are kept). */
export function maskedGiftCardCode(last4: string): string {
  return `•••• ${last4}`;
}

export const GIFT_CARD_CODE_REQUIRED = SHOP_MESSAGES.enterGiftCardCode;

/** A typed code (the balance check and the checkout field). Format is checked by the service. */
export const GiftCardCodeInputSchema = z.object({
  code: text({ error: GIFT_CARD_CODE_REQUIRED })
    .trim()
    .min(1, { error: GIFT_CARD_CODE_REQUIRED })
    .max(40, { error: SHOP_MESSAGES.unknownGiftCardCode }),
});
