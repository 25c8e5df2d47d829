/**
 * The gift card's choices, limits and price rule, without zod: the cart store imports this on
 * every storefront page, and those pages must not ship the validation library on first load
 * (scripts/check-js-budget.mjs). The form schema (gift-card.schema.ts) builds on these.
 */
import { isSafeText } from "~/lib/safe-text.rules";
import { GIFT_CARD_MAX_CENTS, GIFT_CARD_MESSAGE_MAX, GIFT_CARD_MIN_CENTS, PHYSICAL_GIFT_CARD_FEE_CENTS } from "~/lib/shop-rules";

export const GIFT_CARD_OCCASIONS = [
  "anniversaire",
  "saint-valentin",
  "fete-des-meres",
  "noel",
  "remise-de-diplome",
  "mariage",
  "juste-pour-le-plaisir",
] as const;
export type GiftCardOccasion = (typeof GIFT_CARD_OCCASIONS)[number];
export const DEFAULT_GIFT_CARD_OCCASION: GiftCardOccasion = "anniversaire";

export const GIFT_CARD_DELIVERY_MODES = ["email", "physical"] as const;
export type GiftCardDeliveryMode = (typeof GIFT_CARD_DELIVERY_MODES)[number];

export const RECIPIENT_NAME_MAX = 60;
export const RECIPIENT_EMAIL_MAX = 254;

/** A configured gift card, as GiftCardConfigSchema outputs it (trimmed, e-mail in lower case, defaults filled). */
export type GiftCardConfig = {
  amountCents: number;
  occasion: GiftCardOccasion;
  deliveryMode: GiftCardDeliveryMode;
  recipientName: string;
  recipientEmail: string;
  message: string;
};

/**
 * What the buyer pays: the card's value plus the premium card fee when it is sent by post.
 * Computed again on the server when the card is sold.
 */
export function computeGiftCardTotals(amountCents: number, deliveryMode: GiftCardDeliveryMode) {
  const deliveryFeeCents = deliveryMode === "physical" ? PHYSICAL_GIFT_CARD_FEE_CENTS : 0;
  return { amountCents, deliveryFeeCents, totalCents: amountCents + deliveryFeeCents };
}

/**
 * The address pattern of zod's `z.email()`, which GiftCardConfigSchema checks; copied because
 * importing it from zod loads the whole library (gift-card.rules.test.ts proves both agree).
 */
export const GIFT_CARD_EMAIL_PATTERN =
  // eslint-disable-next-line no-useless-escape -- the source must stay identical to z.email()'s pattern (a test compares them).
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T => list.includes(value as T);
const isText = (value: unknown, max: number): value is string => typeof value === "string" && value.length <= max && isSafeText(value);

/**
 * The card a browser kept in its cart, when it is one GiftCardConfigSchema would output unchanged
 * (the cart stores what the schema returned when the card was configured); anything else is
 * dropped. The server checks the card with the schema again when it is ordered.
 */
export function readStoredGiftCard(value: unknown): GiftCardConfig | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  const { amountCents, occasion, deliveryMode, recipientName, recipientEmail, message } = v;
  if (typeof amountCents !== "number" || !Number.isInteger(amountCents)) return null;
  if (amountCents < GIFT_CARD_MIN_CENTS || amountCents > GIFT_CARD_MAX_CENTS) return null;
  if (!isOneOf(GIFT_CARD_OCCASIONS, occasion) || !isOneOf(GIFT_CARD_DELIVERY_MODES, deliveryMode)) return null;
  if (!isText(recipientName, RECIPIENT_NAME_MAX) || recipientName !== recipientName.trim()) return null;
  if (!isText(recipientEmail, RECIPIENT_EMAIL_MAX) || recipientEmail !== recipientEmail.trim().toLowerCase()) return null;
  if (recipientEmail === "" ? deliveryMode === "email" : !GIFT_CARD_EMAIL_PATTERN.test(recipientEmail)) return null;
  if (!isText(message, GIFT_CARD_MESSAGE_MAX)) return null;
  return { amountCents, occasion, deliveryMode, recipientName, recipientEmail, message };
}
