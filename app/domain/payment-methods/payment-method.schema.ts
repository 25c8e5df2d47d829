/**
 * The saved-card form of "Moyens de Paiement", used by the add-card dialog in the browser, by the
 * payment-methods service and by the API: the card number, the expiry (MM/AA) and the holder,
 * like any shop, the brand detected from the number. The number is sent once to the payment
 * provider, which keeps the card and answers a token: the shop stores only the token, the brand,
 * the last four digits, the expiry and the holder, never the number nor a CVC.
 */
import { z } from "zod";
import { text } from "~/lib/safe-text";
import { cardBrandOf, cardDigits, isExpired, isLuhnValid, parseExpiry } from "~/domain/checkout/checkout.schema";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";

export const PAYMENT_CARD_BRANDS = ["visa", "mastercard", "amex"] as const;
export type PaymentCardBrand = (typeof PAYMENT_CARD_BRANDS)[number];

export const CARD_BRAND_LABELS: Record<PaymentCardBrand, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
};

/** Size limit of one shopper's saved cards (added from the account; checkout keeps its own rule). */
export const MAX_PAYMENT_METHODS = 10;
export const CARD_HOLDER_MAX = 100;
/** "4242 4242 4242 4242 123": the longest number typed with spaces (19 digits and 4 spaces). */
export const CARD_NUMBER_INPUT_MAX = 23;

export const CARD_HOLDER_REQUIRED_MESSAGE = ACCOUNT_MESSAGES.cardholdersNameRequired;
export const CARD_HOLDER_TOO_LONG_MESSAGE = `Le nom du titulaire ne doit pas dépasser ${CARD_HOLDER_MAX} caractères`;
export const CARD_NUMBER_REQUIRED_MESSAGE = ACCOUNT_MESSAGES.cardNumberRequired;
export const CARD_NUMBER_INVALID_MESSAGE = ACCOUNT_MESSAGES.invalidCardNumber;
export const CARD_NOT_ACCEPTED_MESSAGE = ACCOUNT_MESSAGES.cardNotAcceptedVisaMastercard;
export const CARD_EXPIRY_REQUIRED_MESSAGE = ACCOUNT_MESSAGES.expiryDateRequired;
export const CARD_EXPIRY_FORMAT_MESSAGE = ACCOUNT_MESSAGES.expectedFormatMmYy;
export const CARD_EXPIRED_MESSAGE = ACCOUNT_MESSAGES.cardExpired;
export const SAVED_CARD_CVC_REQUIRED_MESSAGE = CHECKOUT_MESSAGES.securityCodeRequired;
export const SAVED_CARD_CVC_INVALID_MESSAGE = "Cryptogramme invalide";

export const PaymentMethodSchema = z.object({
  number: text({ error: CARD_NUMBER_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: CARD_NUMBER_REQUIRED_MESSAGE, abort: true })
    .max(CARD_NUMBER_INPUT_MAX, { error: CARD_NUMBER_INVALID_MESSAGE, abort: true })
    .transform(cardDigits)
    .refine(isLuhnValid, { error: CARD_NUMBER_INVALID_MESSAGE, abort: true })
    .refine((d) => cardBrandOf(d) !== null, { error: CARD_NOT_ACCEPTED_MESSAGE }),
  expiry: text({ error: CARD_EXPIRY_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: CARD_EXPIRY_REQUIRED_MESSAGE, abort: true })
    .refine((v) => parseExpiry(v) !== null, { error: CARD_EXPIRY_FORMAT_MESSAGE, abort: true })
    // Valid until the last day of its expiry month.
    .transform((v) => parseExpiry(v)!)
    .refine((e) => !isExpired(e), { error: CARD_EXPIRED_MESSAGE }),
  holder: text({ error: CARD_HOLDER_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: CARD_HOLDER_REQUIRED_MESSAGE, abort: true })
    .max(CARD_HOLDER_MAX, { error: CARD_HOLDER_TOO_LONG_MESSAGE }),
  /** Make the new card the default one (the first card always is). */
  is_default: z
    .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false")])
    .optional()
    .transform((v) => v === true || v === "on" || v === "true"),
});

/**
 * Saving the card a provider's own form set up (decision 059: Stripe's Payment Element confirms a
 * SetupIntent, the number never reaches the shop): only the holder, the shop's own field, and the
 * default choice travel with the SetupIntent's id.
 */
export const CardSetupSaveSchema = z.object({
  holder: PaymentMethodSchema.shape.holder,
  is_default: PaymentMethodSchema.shape.is_default,
});
export type CardSetupSaveInput = z.input<typeof CardSetupSaveSchema>;

/** A Stripe SetupIntent's id, as its API writes them. */
export const SETUP_INTENT_ID_PATTERN = /^seti_[0-9A-Za-z]{1,255}$/;

export type PaymentMethodInput = z.input<typeof PaymentMethodSchema>;
export type PaymentMethodValues = z.output<typeof PaymentMethodSchema>;
export type PaymentMethodField = keyof PaymentMethodValues;
export const PAYMENT_METHOD_FIELDS = ["number", "expiry", "holder", "is_default"] as const satisfies readonly PaymentMethodField[];

/**
 * Keys that would carry a card's security code. A CVC is never stored (PCI DSS forbids keeping
 * it after authorisation), so a request holding one is refused outright rather than silently
 * stripped: a faulty client is noticed at once.
 */
export const FORBIDDEN_CARD_KEYS = ["cvc", "card_cvc", "cvv", "card_cvv", "cvv2", "cvc2", "security_code", "cryptogramme"] as const;

/** A saved card as the API and the pages see it. */
export type PaymentMethodView = {
  id: string;
  brand: string;
  last4: string;
  /** "MM/AA", or null for a card recorded without one (before cards were tokenized). */
  expiry: string | null;
  holder: string;
  is_default: boolean;
  /** Past its expiry month: shown as such, cannot pay. */
  expired: boolean;
  /** Can pay: the provider keeps it (a token) and it has not expired. */
  usable: boolean;
  created_at: string;
};

/** First message per field, for inline errors. */
export function paymentMethodFieldErrors(error: z.ZodError): Partial<Record<PaymentMethodField, string>> {
  const out: Partial<Record<PaymentMethodField, string>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0]);
    if ((PAYMENT_METHOD_FIELDS as readonly string[]).includes(field)) out[field as PaymentMethodField] ??= issue.message;
  }
  return out;
}

export function cardBrandLabel(brand: string): string {
  return CARD_BRAND_LABELS[brand as PaymentCardBrand] ?? brand;
}

/** The brand shown live while the number is typed ("Visa"), or null until it is recognisable. */
export function detectedBrandLabel(number: string): string | null {
  const digits = cardDigits(number);
  if (!/^[0-9]{6,19}$/.test(digits)) return null;
  if (/^4/.test(digits)) return CARD_BRAND_LABELS.visa;
  if (/^3[47]/.test(digits)) return CARD_BRAND_LABELS.amex;
  if (/^(5[1-5]|222[1-9]|22[3-9][0-9]|2[3-6][0-9]{2}|27[01][0-9]|2720)/.test(digits)) return CARD_BRAND_LABELS.mastercard;
  return null;
}

/** "12/29" from a month and a four-digit year, or null without an expiry date. */
export function formatCardExpiry(month: number | null, year: number | null): string | null {
  if (month === null || year === null) return null;
  return `${String(month).padStart(2, "0")}/${String(year % 100).padStart(2, "0")}`;
}

/** "Visa •••• 4242". */
export function savedCardTitle(card: Pick<PaymentMethodView, "brand" | "last4">): string {
  return `${cardBrandLabel(card.brand)} •••• ${card.last4}`;
}

/** The CVC typed again to pay with a saved card: 4 digits for American Express, 3 otherwise. */
export function savedCardCvcError(brand: string, cvc: string): string | null {
  const value = cvc.trim();
  if (!value) return SAVED_CARD_CVC_REQUIRED_MESSAGE;
  return new RegExp(`^[0-9]{${brand === "amex" ? 4 : 3}}$`).test(value) ? null : SAVED_CARD_CVC_INVALID_MESSAGE;
}

/** Default first, then the newest (the order of the list everywhere). */
export function sortPaymentMethods(list: readonly PaymentMethodView[]): PaymentMethodView[] {
  return [...list].sort((a, b) => {
    if (a.is_default !== b.is_default) return a.is_default ? -1 : 1;
    return b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);
  });
}

/** PATCH /api/v1/payment-methods/:id: the one change a saved card accepts. */
export const PaymentMethodPatchSchema = z.strictObject(
  {
    is_default: z.literal(true, { error: 'Seul { "is_default": true } est accepté : définissez une autre carte par défaut pour changer' }),
  },
  { error: 'Seul { "is_default": true } est accepté' },
);

/** As typed in a card number field: digits grouped by four ("4242 4242 4242 4242"), 19 at most. */
export function formatCardNumberInput(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 19);
  return digits.replace(/(.{4})(?=.)/g, "$1 ");
}

/** As typed in an expiry field: "1229" -> "12/29". */
export function formatExpiryInput(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
