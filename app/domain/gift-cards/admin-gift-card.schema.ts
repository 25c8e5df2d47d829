import { z } from "zod";
import { text } from "~/lib/safe-text";
import { formatPrice } from "~/lib/money";
import { ADMIN_GIFT_CARD_MIN_CENTS, ADMIN_GIFT_CARD_REASON_MAX, GIFT_CARD_MAX_CENTS } from "~/lib/shop-rules";
import { GIFT_CARD_FORM_MESSAGES, GiftCardMessageSchema } from "./gift-card.schema";

/**
 * 'Offrir une carte cadeau' on a client's page (decision 048): a goodwill card, no order, no
 * payment. The amount is typed in euros ("25" or "25,50"); the reason is kept in the card's ledger.
 */
export const ADMIN_GIFT_CARD_MESSAGES = {
  amountRequired: "Indiquez le montant de la carte cadeau",
  amountInvalid: "Le montant doit être un nombre en euros, par exemple 25 ou 25,50",
  amountRange: `Le montant doit être compris entre ${formatPrice(ADMIN_GIFT_CARD_MIN_CENTS)} et ${formatPrice(GIFT_CARD_MAX_CENTS)}`,
  reasonRequired: "Indiquez le motif du geste commercial",
  reasonTooLong: `Le motif ne peut pas dépasser ${ADMIN_GIFT_CARD_REASON_MAX} caractères`,
  messageTooLong: GIFT_CARD_FORM_MESSAGES.messageTooLong,
} as const;

/** "25", "25,5", "25.50" → 2550; anything else → NaN. */
export function eurosToCents(value: string): number {
  const v = value.trim().replace(/\s|€/g, "").replace(",", ".");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(v)) return Number.NaN;
  return Math.round(Number(v) * 100);
}

export const AdminGiftCardSchema = z.object({
  amount: z
    .string({ error: ADMIN_GIFT_CARD_MESSAGES.amountRequired })
    .trim()
    .min(1, { error: ADMIN_GIFT_CARD_MESSAGES.amountRequired })
    .transform(eurosToCents)
    .refine((cents) => Number.isFinite(cents), { error: ADMIN_GIFT_CARD_MESSAGES.amountInvalid })
    .refine((cents) => !Number.isFinite(cents) || (cents >= ADMIN_GIFT_CARD_MIN_CENTS && cents <= GIFT_CARD_MAX_CENTS), {
      error: ADMIN_GIFT_CARD_MESSAGES.amountRange,
    }),
  message: GiftCardMessageSchema.trim().default(""),
  reason: text({ error: ADMIN_GIFT_CARD_MESSAGES.reasonRequired })
    .trim()
    .min(1, { error: ADMIN_GIFT_CARD_MESSAGES.reasonRequired })
    .max(ADMIN_GIFT_CARD_REASON_MAX, { error: ADMIN_GIFT_CARD_MESSAGES.reasonTooLong }),
});
export type AdminGiftCardInput = z.input<typeof AdminGiftCardSchema>;
