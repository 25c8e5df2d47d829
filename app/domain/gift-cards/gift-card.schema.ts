import { z } from "zod";
import { text } from "~/lib/safe-text";
import { GIFT_CARD_MAX_CENTS, GIFT_CARD_MESSAGE_MAX, GIFT_CARD_MIN_CENTS } from "~/lib/shop-rules";
import {
  GIFT_CARD_DELIVERY_MODES,
  GIFT_CARD_OCCASIONS,
  RECIPIENT_EMAIL_MAX,
  RECIPIENT_NAME_MAX,
  type GiftCardConfig,
} from "./gift-card.rules";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { formatMessage } from "~/domain/messages/format";

/**
 * The gift card a shopper configures on /carte-cadeau. Isomorphic: the page validates with it
 * in the browser, and the sales flow validates the same draft again on the server. Its choices,
 * limits and price rule live in gift-card.rules.ts, which storefront pages load without zod.
 */

const euros = (cents: number) => String(cents / 100);
const emailFormat = z.email();

/** Errors of the /carte-cadeau form (amount, occasion, recipient, message), shown beside the fields. */
export const GIFT_CARD_FORM_MESSAGES = {
  amountRange: formatMessage(SHOP_MESSAGES.giftCardAmountRange, {
    min: euros(GIFT_CARD_MIN_CENTS),
    max: euros(GIFT_CARD_MAX_CENTS),
  }),
  amountInvalid: SHOP_MESSAGES.enterValidAmount,
  amountRequired: SHOP_MESSAGES.chooseAmount,
  occasion: SHOP_MESSAGES.chooseOccasion,
  deliveryMode: SHOP_MESSAGES.chooseDeliveryMethod,
  recipientNameTooLong: formatMessage(SHOP_MESSAGES.giftCardRecipientNameMaxLength, { max: RECIPIENT_NAME_MAX }),
  recipientEmailRequired: SHOP_MESSAGES.recipientsEMailRequiredCard,
  recipientEmailInvalid: SHOP_MESSAGES.invalidEMailFormat,
  messageTooLong: formatMessage(SHOP_MESSAGES.giftCardMessageMaxLength, { max: GIFT_CARD_MESSAGE_MAX }),
} as const;

/** Amount in integer cents, whole cents only, within the custom range (presets fall inside it). */
export const GiftCardAmountSchema = z
  .number({ error: GIFT_CARD_FORM_MESSAGES.amountRequired })
  .int({ error: GIFT_CARD_FORM_MESSAGES.amountInvalid })
  .min(GIFT_CARD_MIN_CENTS, { error: GIFT_CARD_FORM_MESSAGES.amountRange })
  .max(GIFT_CARD_MAX_CENTS, { error: GIFT_CARD_FORM_MESSAGES.amountRange });

export const GiftCardMessageSchema = text().max(GIFT_CARD_MESSAGE_MAX, { error: GIFT_CARD_FORM_MESSAGES.messageTooLong });

export const GiftCardConfigSchema = z
  .object({
    amountCents: GiftCardAmountSchema,
    occasion: z.enum(GIFT_CARD_OCCASIONS, { error: GIFT_CARD_FORM_MESSAGES.occasion }),
    deliveryMode: z.enum(GIFT_CARD_DELIVERY_MODES, { error: GIFT_CARD_FORM_MESSAGES.deliveryMode }),
    recipientName: text().trim().max(RECIPIENT_NAME_MAX, { error: GIFT_CARD_FORM_MESSAGES.recipientNameTooLong }).default(""),
    recipientEmail: text()
      .trim()
      .max(RECIPIENT_EMAIL_MAX, { error: GIFT_CARD_FORM_MESSAGES.recipientEmailInvalid })
      .refine((v) => v === "" || emailFormat.safeParse(v).success, { error: GIFT_CARD_FORM_MESSAGES.recipientEmailInvalid })
      .transform((v) => v.toLowerCase())
      .default(""),
    message: GiftCardMessageSchema.default(""),
  })
  .superRefine((card, ctx) => {
    if (card.deliveryMode === "email" && card.recipientEmail === "") {
      ctx.addIssue({ code: "custom", message: GIFT_CARD_FORM_MESSAGES.recipientEmailRequired, path: ["recipientEmail"] });
    }
  }) satisfies z.ZodType<GiftCardConfig>;

export type GiftCardConfigInput = z.input<typeof GiftCardConfigSchema>;

/**
 * Reads the custom amount field (euros, "120" or "120,50" or "120.5") into cents.
 * Empty gives null (no custom amount); anything else is checked against the amount rules.
 */
export function parseCustomAmount(raw: string): { ok: true; cents: number | null } | { ok: false; error: string } {
  const text = raw.trim().replace(",", ".");
  if (text === "") return { ok: true, cents: null };
  if (!/^\d+(\.\d{1,2})?$/.test(text)) {
    // A negative number is out of range; anything else (letters, three decimals) is no amount.
    const n = Number(text);
    const outOfRange = Number.isFinite(n) && (n * 100 < GIFT_CARD_MIN_CENTS || n * 100 > GIFT_CARD_MAX_CENTS);
    return { ok: false, error: outOfRange ? GIFT_CARD_FORM_MESSAGES.amountRange : GIFT_CARD_FORM_MESSAGES.amountInvalid };
  }
  const cents = Math.round(Number(text) * 100);
  const parsed = GiftCardAmountSchema.safeParse(cents);
  return parsed.success ? { ok: true, cents } : { ok: false, error: parsed.error.issues[0]!.message };
}
