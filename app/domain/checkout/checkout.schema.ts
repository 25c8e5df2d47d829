/**
 * Checkout forms (contact information and card) and the order request, validated in the browser
 * and again on the server. Messages are the cleaner checkout variant's (spec storefront §5, §8).
 */
import { luhnSum } from "~/lib/luhn";
import { z } from "zod";
import { text } from "~/lib/safe-text";
import { INSTALMENTS_CHOICE_MESSAGE } from "~/domain/payments/instalments";
import { PHONE_PATTERN } from "~/domain/account/profile.schema";
import { PromoCodeInputSchema } from "~/domain/promotions/promotions.schema";
import { GiftCardConfigSchema } from "~/domain/gift-cards/gift-card.schema";
import { DELIVERY_METHOD_CODES, RELAY_POINT_REQUIRED_MESSAGE, RELAY_POINT_UNKNOWN_MESSAGE } from "~/domain/delivery/delivery-methods";
import {
  BEAUTY_PASS_REDEEM_STEP_POINTS,
  CART_MAX_LINE_QUANTITY,
  CART_MAX_LINES,
  GIFT_CARD_CODES_PER_ORDER_MAX,
  GIFT_CARDS_PER_ORDER_MAX,
} from "~/lib/shop-rules";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { formatMessage } from "~/domain/messages/format";
import { BusinessInvoiceSchema } from "~/domain/tax/business-id";
import { GiftOptionsSchema } from "./gift-options";
import { SampleIdsSchema } from "~/domain/samples/samples";

export const DeliveryMethodCodeSchema = z.enum(DELIVERY_METHOD_CODES, { error: CHECKOUT_MESSAGES.unknownDeliveryMethod });
export const RelayPointIdSchema = text({ error: RELAY_POINT_UNKNOWN_MESSAGE })
  .trim()
  .min(1, { error: RELAY_POINT_REQUIRED_MESSAGE })
  .max(40, { error: RELAY_POINT_UNKNOWN_MESSAGE });

/** The checkout's contact block; the /service-client form has its own limits (contact.schema). */
export const CHECKOUT_CONTACT_NAME_MAX = 100;
export const CHECKOUT_CONTACT_EMAIL_MAX = 100;
export const CHECKOUT_CONTACT_PHONE_MAX = 20;

export const ContactInfoSchema = z.object({
  email: text({ error: SHOP_MESSAGES.eMailRequired2 })
    .trim()
    .min(1, { error: SHOP_MESSAGES.eMailRequired2, abort: true })
    .max(CHECKOUT_CONTACT_EMAIL_MAX, { error: formatMessage(ACCOUNT_MESSAGES.maxCharacters, { max: CHECKOUT_CONTACT_EMAIL_MAX }) })
    .pipe(z.email({ error: SHOP_MESSAGES.invalidEMailFormat2 })),
  name: text({ error: CHECKOUT_MESSAGES.fullNameRequired })
    .trim()
    .min(1, { error: CHECKOUT_MESSAGES.fullNameRequired, abort: true })
    .min(2, { error: CHECKOUT_MESSAGES.nameMustLeast2Characters })
    .max(CHECKOUT_CONTACT_NAME_MAX, { error: formatMessage(ACCOUNT_MESSAGES.maxCharacters, { max: CHECKOUT_CONTACT_NAME_MAX }) }),
  phone: text({ error: ACCOUNT_MESSAGES.phoneRequired })
    .trim()
    .min(1, { error: ACCOUNT_MESSAGES.phoneRequired, abort: true })
    .max(CHECKOUT_CONTACT_PHONE_MAX, { error: CHECKOUT_MESSAGES.invalidPhoneNumberLeast10 })
    .refine((v) => PHONE_PATTERN.test(v), { error: CHECKOUT_MESSAGES.invalidPhoneNumberLeast10 }),
});
export type ContactInfo = z.output<typeof ContactInfoSchema>;

/* -------------------------------------------------------------------------------------------- */
/* Cards                                                                                          */
/* -------------------------------------------------------------------------------------------- */

export type CardBrand = "visa" | "mastercard" | "amex";

/** Documented test cards of the simulated provider (README, decision 005). */
export const TEST_CARD_APPROVED = "4242 4242 4242 4242";
export const TEST_CARD_DECLINED = "4000 0000 0000 0002";
export const SAVED_CARD_UNKNOWN_MESSAGE = CHECKOUT_MESSAGES.savedCardNotFoundChoose;
/** Always asks for strong customer authentication (3-D Secure) when the shopper pays. */
export const TEST_CARD_AUTHENTICATION = "4000 0027 6000 3184";

export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, "");
}

/** Luhn checksum (ISO/IEC 7812) of a card number. */
export function isLuhnValid(digits: string): boolean {
  return /^[0-9]{12,19}$/.test(digits) && luhnSum(digits) % 10 === 0;
}

export function cardBrandOf(digits: string): CardBrand | null {
  if (/^4[0-9]{12}(?:[0-9]{3})?$/.test(digits)) return "visa";
  if (/^3[47][0-9]{13}$/.test(digits)) return "amex";
  if (/^(5[1-5][0-9]{2}|222[1-9]|22[3-9][0-9]|2[3-6][0-9]{2}|27[01][0-9]|2720)[0-9]{12}$/.test(digits)) return "mastercard";
  return null;
}

/** "MM/AA" -> { month, year (4 digits) }, or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(0[1-9]|1[0-2])\s*\/\s*([0-9]{2})\s*$/.exec(value);
  if (!match) return null;
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}

/** A card is valid until the last day of its expiry month. */
export function isExpired(expiry: { month: number; year: number }, now = new Date()): boolean {
  const y = now.getFullYear();
  const m = now.getMonth() + 1;
  return expiry.year < y || (expiry.year === y && expiry.month < m);
}

export const CardSchema = z
  .object({
    holder: text({ error: ACCOUNT_MESSAGES.cardholdersNameRequired })
      .trim()
      .min(1, { error: ACCOUNT_MESSAGES.cardholdersNameRequired, abort: true })
      .max(CHECKOUT_CONTACT_NAME_MAX, { error: formatMessage(ACCOUNT_MESSAGES.maxCharacters, { max: CHECKOUT_CONTACT_NAME_MAX }) }),
    number: text({ error: ACCOUNT_MESSAGES.cardNumberRequired })
      .trim()
      .min(1, { error: ACCOUNT_MESSAGES.cardNumberRequired, abort: true })
      .max(23, { error: ACCOUNT_MESSAGES.invalidCardNumber })
      .transform(cardDigits)
      .refine(isLuhnValid, { error: ACCOUNT_MESSAGES.invalidCardNumber })
      .refine((d) => cardBrandOf(d) !== null, { error: ACCOUNT_MESSAGES.cardNotAcceptedVisaMastercard }),
    expiry: text({ error: ACCOUNT_MESSAGES.expiryDateRequired })
      .trim()
      .min(1, { error: ACCOUNT_MESSAGES.expiryDateRequired, abort: true })
      .refine((v) => parseExpiry(v) !== null, { error: ACCOUNT_MESSAGES.expectedFormatMmYy })
      .refine(
        (v) => {
          const e = parseExpiry(v);
          return e === null || !isExpired(e);
        },
        { error: ACCOUNT_MESSAGES.cardExpired },
      ),
    cvc: text({ error: CHECKOUT_MESSAGES.securityCodeRequired })
      .trim()
      .min(1, { error: CHECKOUT_MESSAGES.securityCodeRequired, abort: true })
      .regex(/^[0-9]{3,4}$/, { error: "Cryptogramme invalide" }),
  })
  .superRefine((card, ctx) => {
    const brand = isLuhnValid(card.number) && /^[0-9]{3,4}$/.test(card.cvc) ? cardBrandOf(card.number) : null;
    if (brand && card.cvc.length !== (brand === "amex" ? 4 : 3)) {
      ctx.addIssue({ code: "custom", path: ["cvc"], message: "Cryptogramme invalide" });
    }
  });
export type CardInput = z.input<typeof CardSchema>;
export type Card = z.output<typeof CardSchema>;

/* -------------------------------------------------------------------------------------------- */
/* The order request (page action and POST /api/v1/orders)                                      */
/* -------------------------------------------------------------------------------------------- */

export const ORDER_LINE_INVALID_MESSAGE = CHECKOUT_MESSAGES.invalidItemCart;

/**
 * One line: the variant bought, and its product. A product id alone stands for a one-variant
 * product's only variant (the server refuses it for a product with several).
 */
/**
 * The cap on one line's quantity, as the form and the order refuse it; the pages translate it
 * through its `checkout.message.*` key (decision 044), which a test ties to this text.
 */
export const MAX_LINE_QUANTITY_MESSAGE = formatMessage(CHECKOUT_MESSAGES.maxLineQuantity, { max: CART_MAX_LINE_QUANTITY });

export const OrderLineSchema = z
  .object({
    product_id: z.uuid({ error: ORDER_LINE_INVALID_MESSAGE }).optional(),
    variant_id: z.uuid({ error: ORDER_LINE_INVALID_MESSAGE }).optional(),
    quantity: z
      .number({ error: ORDER_LINE_INVALID_MESSAGE })
      .int({ error: ORDER_LINE_INVALID_MESSAGE })
      .min(1, { error: ORDER_LINE_INVALID_MESSAGE, abort: true })
      .max(CART_MAX_LINE_QUANTITY, { error: MAX_LINE_QUANTITY_MESSAGE }),
  })
  .refine((line) => line.product_id !== undefined || line.variant_id !== undefined, { error: ORDER_LINE_INVALID_MESSAGE });
export type OrderLine = z.output<typeof OrderLineSchema>;

/* Gift cards: cards bought as lines, codes used as payment (docs/decisions/018-gift-cards.md). */
export const OrderGiftCardsSchema = z
  .array(GiftCardConfigSchema)
  .max(GIFT_CARDS_PER_ORDER_MAX, { error: `${GIFT_CARDS_PER_ORDER_MAX} cartes cadeaux au maximum par commande` });
export const GiftCardCodesSchema = z
  .array(
    text({ error: SHOP_MESSAGES.unknownGiftCardCode })
      .trim()
      .min(1, { error: SHOP_MESSAGES.unknownGiftCardCode })
      .max(40, { error: SHOP_MESSAGES.unknownGiftCardCode }),
  )
  .max(GIFT_CARD_CODES_PER_ORDER_MAX, { error: `${GIFT_CARD_CODES_PER_ORDER_MAX} cartes cadeaux au maximum par commande` });

export const PlaceOrderSchema = z.object({
  /** Optional only when nothing is shipped (e-mail gift cards alone); the workflow checks. */
  address_id: z.uuid({ error: CHECKOUT_MESSAGES.selectValidDeliveryAddress }).optional(),
  contact: ContactInfoSchema,
  /** Optional only when gift cards pay the whole order; the workflow checks. */
  card: CardSchema.optional(),
  save_card: z.boolean().optional().default(false),
  /** A saved card (GET /api/v1/payment-methods) instead of `card`, with its CVC typed again. */
  payment_method_id: z.uuid({ error: SAVED_CARD_UNKNOWN_MESSAGE }).optional(),
  cvc: text({ error: "Cryptogramme invalide" })
    .trim()
    .regex(/^[0-9]{3,4}$/, { error: "Cryptogramme invalide" })
    .optional(),
  /**
   * A card typed in the payment provider's own form (Stripe's Payment Element): the PaymentMethod
   * id it made in the browser, instead of `card` (the number never reaches the shop, decision 059).
   */
  provider_payment_method: text({ error: CHECKOUT_MESSAGES.providerPaymentMethodInvalid })
    .regex(/^pm_[A-Za-z0-9_]{1,200}$/, { error: CHECKOUT_MESSAGES.providerPaymentMethodInvalid })
    .optional(),
  points_to_use: z
    .number({ error: CHECKOUT_MESSAGES.invalidNumberPoints })
    .int({ error: CHECKOUT_MESSAGES.invalidNumberPoints })
    .min(0, { error: CHECKOUT_MESSAGES.invalidNumberPoints })
    .max(10_000_000, { error: CHECKOUT_MESSAGES.invalidNumberPoints })
    .refine((p) => p % BEAUTY_PASS_REDEEM_STEP_POINTS === 0, {
      error: `Les points s'utilisent par tranches de ${BEAUTY_PASS_REDEEM_STEP_POINTS}`,
    })
    .optional()
    .default(0),
  /**
   * The cart as the page shows it (quantities only; prices are never read from the client).
   * Omitted: the shopper's cart kept on the server is ordered.
   */
  lines: z
    .array(OrderLineSchema)
    .max(CART_MAX_LINES, { error: `Votre panier ne peut pas contenir plus de ${CART_MAX_LINES} articles différents` })
    .optional(),
  notes: text().trim().max(500, { error: "500 caractères au maximum" }).optional(),
  /** One promo code per order (docs/decisions/016-promo-codes.md), as typed: spaces and case do not matter. */
  promo_code: PromoCodeInputSchema.optional(),
  /** Gift cards bought in this order (validated like the /carte-cadeau form). */
  gift_cards: OrderGiftCardsSchema.optional().default([]),
  /** Gift card codes used as payment (spaces, dashes and lower case accepted). */
  gift_card_codes: GiftCardCodesSchema.optional().default([]),
  /** Standard when omitted (docs/decisions/032-delivery-methods.md). */
  delivery_method: DeliveryMethodCodeSchema.optional().default("standard"),
  /** Required with the relay method: an id from GET /api/v1/relay-points. */
  relay_point_id: RelayPointIdSchema.optional(),
  /** 3: Paiement en 3 fois sans frais, from 50 € paid by card (docs/decisions/035-instalments.md). */
  instalments: z
    .union([z.literal(1), z.literal(3)], { error: INSTALMENTS_CHOICE_MESSAGE })
    .optional()
    .default(1),
  /**
   * "Je souhaite une facture au nom de mon entreprise" (decision 063): the company on the invoice;
   * a valid VAT number of another member state makes an EU delivery reverse-charged.
   */
  business_invoice: BusinessInvoiceSchema.optional(),
  /** Another of the shopper's saved addresses to bill (a business invoice's seat); the delivery address when omitted. */
  billing_address_id: z.uuid({ error: CHECKOUT_MESSAGES.selectValidBillingAddress }).optional(),
  /** Gift wrap, gift message and a gift receipt with hidden prices (decision 068). */
  gift: GiftOptionsSchema.optional(),
  /** The free samples chosen (decision 067): ids from the checkout's offer, at most the shopper's allowance; none is fine. */
  sample_ids: SampleIdsSchema.optional().default([]),
});
/** The JSON body the checkout page sends, before defaults are applied. */
export type PlaceOrderBody = z.input<typeof PlaceOrderSchema>;
/** The same body once validated, with its defaults. */
export type PlaceOrderRequest = z.output<typeof PlaceOrderSchema>;

/** Idempotency-Key header: one per order attempt, generated by the page. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** "Champs: message ; ..." for the API; the page shows messages inline instead. */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Erreur de validation";
}

/** Which discount a balance allows: whole blocks of 100 points, never above the merchandise. */
export function maxRedeemablePoints(balance: number, subtotalCents: number, stepPoints: number, stepCents: number): number {
  const byBalance = Math.floor(Math.max(0, balance) / stepPoints);
  const byAmount = Math.floor(Math.max(0, subtotalCents) / stepCents);
  return Math.min(byBalance, byAmount) * stepPoints;
}
