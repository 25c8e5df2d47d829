/**
 * Gift options of an order (docs/decisions/068-gift-wrap.md): gift wrap (a price set in
 * Paramètres, free for the Beauty VIP tier when the shop says so), a gift message printed on the
 * packing slip (never on the invoice) and prices hidden from the recipient (a gift receipt).
 * Isomorphic: the checkout checks with these schemas and the server checks again with the same.
 */
import { z } from "zod";
import { text } from "~/lib/safe-text";
import type { BeautyPassTierId } from "~/domain/loyalty/loyalty.rules";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import { formatMessage } from "~/domain/messages/format";

/** The gift message's limit, in characters as a person counts them (an emoji is one). */
export const GIFT_MESSAGE_MAX = 200;
/** Until the owner sets one in Paramètres: 4,90 €. */
export const GIFT_WRAP_DEFAULT_PRICE_CENTS = 490;
/** The highest price Paramètres accepts: 50 €. */
export const GIFT_WRAP_PRICE_MAX_CENTS = 5000;

export const GIFT_MESSAGE_TOO_LONG_MESSAGE = formatMessage(CHECKOUT_MESSAGES.giftMessageTooLong, { max: GIFT_MESSAGE_MAX });

/** Characters as the live count shows them: code points, so an emoji counts once. */
export function giftMessageLength(value: string): number {
  return Array.from(value).length;
}

/**
 * Plain text only: the message is printed on paper and shown in pages, so anything that reads as
 * markup (a `<` or `>`) is refused rather than escaped and printed as typed.
 */
export function hasMarkup(value: string): boolean {
  return /[<>]/.test(value);
}

export const GiftMessageSchema = text({ error: CHECKOUT_MESSAGES.giftOptionsInvalid })
  .trim()
  .refine((v) => !hasMarkup(v), { error: CHECKOUT_MESSAGES.giftMessageNoMarkup, abort: true })
  .refine((v) => giftMessageLength(v) <= GIFT_MESSAGE_MAX, { error: GIFT_MESSAGE_TOO_LONG_MESSAGE });

/** The `gift` object of the place-order request (and of the quote). */
export const GiftOptionsSchema = z.object(
  {
    wrap: z.boolean({ error: CHECKOUT_MESSAGES.giftOptionsInvalid }).optional().default(false),
    /** Empty: no message. */
    message: GiftMessageSchema.optional().default(""),
    /** "Masquer les prix pour le destinataire (ticket cadeau)". */
    hide_prices: z.boolean({ error: CHECKOUT_MESSAGES.giftOptionsInvalid }).optional().default(false),
  },
  { error: CHECKOUT_MESSAGES.giftOptionsInvalid },
);
export type GiftOptionsInput = z.input<typeof GiftOptionsSchema>;
export type GiftOptions = z.output<typeof GiftOptionsSchema>;

export const NO_GIFT_OPTIONS: GiftOptions = { wrap: false, message: "", hide_prices: false };

/** Whether the shopper chose anything at all (an order without gift options stores the defaults). */
export function hasGiftOptions(options: GiftOptions | null | undefined): options is GiftOptions {
  return Boolean(options && (options.wrap || options.message !== "" || options.hide_prices));
}

/* -------------------------------------------------------------------------------------------- */
/* Settings (Paramètres)                                                                          */
/* -------------------------------------------------------------------------------------------- */

export type GiftWrapSettings = {
  /** Whether the checkout offers gift wrap at all. */
  offered: boolean;
  /** Its price, VAT included, in cents (0 to 50 €). */
  price_cents: number;
  /** Free for the Beauty VIP tier. */
  vip_free: boolean;
};

export const DEFAULT_GIFT_WRAP_SETTINGS: GiftWrapSettings = {
  offered: true,
  price_cents: GIFT_WRAP_DEFAULT_PRICE_CENTS,
  vip_free: true,
};

export const GiftWrapSettingsSchema = z.object({
  offered: z.boolean(),
  price_cents: z
    .int({ error: CHECKOUT_MESSAGES.giftWrapPriceInvalid })
    .min(0, { error: CHECKOUT_MESSAGES.giftWrapPriceInvalid })
    .max(GIFT_WRAP_PRICE_MAX_CENTS, { error: CHECKOUT_MESSAGES.giftWrapPriceInvalid }),
  vip_free: z.boolean(),
});

/** "4,90", "4.9", "4", "4,90 €" to cents; null when it is not a price with two decimals at most. */
export function parseGiftWrapPrice(raw: string): number | null {
  const value = raw.trim().replace(/\s|€/g, "");
  const match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** The Paramètres form's fields as the schema reads them (a checkbox is sent only when ticked). */
export function giftWrapSettingsFormValues(form: FormData): { offered: boolean; price: string; vip_free: boolean } {
  const price = form.get("price");
  return { offered: form.get("offered") === "on", price: typeof price === "string" ? price : "", vip_free: form.get("vip_free") === "on" };
}

/** The form's values checked: the price typed in euros, French messages on the field that is wrong. */
export const GiftWrapSettingsFormSchema = z
  .object({
    offered: z.boolean(),
    price: z.string({ error: CHECKOUT_MESSAGES.giftWrapPriceInvalid }),
    vip_free: z.boolean(),
  })
  .transform((v, ctx) => {
    const cents = parseGiftWrapPrice(v.price);
    if (cents === null || cents > GIFT_WRAP_PRICE_MAX_CENTS) {
      ctx.addIssue({ code: "custom", path: ["price"], message: CHECKOUT_MESSAGES.giftWrapPriceInvalid });
      return z.NEVER;
    }
    return { offered: v.offered, price_cents: cents, vip_free: v.vip_free } satisfies GiftWrapSettings;
  });

/* -------------------------------------------------------------------------------------------- */
/* The price                                                                                      */
/* -------------------------------------------------------------------------------------------- */

/** What the checkout shows of gift wrap for this shopper: offered or not, its catalogue price, free or not. */
export type GiftWrapOffer = { offered: boolean; price_cents: number; free: boolean };

export function giftWrapOfferFor(settings: GiftWrapSettings, tier: BeautyPassTierId): GiftWrapOffer {
  const free = settings.vip_free && tier === "vip";
  return { offered: settings.offered, price_cents: free ? 0 : settings.price_cents, free: free || settings.price_cents === 0 };
}

/** Why the options cannot be ordered as they are (a French message), or null. */
export function giftOptionsProblem(options: GiftOptions, offer: GiftWrapOffer, ships: boolean): string | null {
  if (!options.wrap) return null;
  if (!offer.offered) return CHECKOUT_MESSAGES.giftWrapNotOffered;
  if (!ships) return CHECKOUT_MESSAGES.giftWrapNeedsParcel;
  return null;
}

/** The gift part of a checkout quote. */
export type GiftQuote = {
  /** What the checkout offers this shopper (the price is the one charged to this address). */
  offer: GiftWrapOffer;
  /** The options asked for, as the server read them. */
  options: GiftOptions;
  /** The gift wrap's amount in the total (0 when not chosen or free). */
  wrap_cents: number;
  /** French reason the options cannot be ordered (gift wrap no longer offered, nothing shipped). */
  error: string | null;
};

/** What an order keeps and shows of its gift options (null: none chosen). */
export type OrderGiftView = { wrap: boolean; wrap_cents: number; message: string | null; hide_prices: boolean };

export function orderGiftViewOf(row: {
  giftWrap: boolean;
  giftWrapCents: number;
  giftMessage: string | null;
  giftHidePrices: boolean;
}): OrderGiftView | null {
  if (!row.giftWrap && !row.giftMessage && !row.giftHidePrices) return null;
  return { wrap: row.giftWrap, wrap_cents: row.giftWrapCents, message: row.giftMessage, hide_prices: row.giftHidePrices };
}

/** What the picking list tells the packer of an order's gift options (nothing for an order without). */
export function giftPickingNotes(row: { giftWrap: boolean; giftMessage: string | null; giftHidePrices: boolean }): string[] {
  return [
    ...(row.giftWrap ? ["Emballage cadeau"] : []),
    ...(row.giftMessage ? [`Message cadeau : « ${row.giftMessage} » (imprimé sur le bon de livraison)`] : []),
    ...(row.giftHidePrices ? ["Prix masqués : joindre le ticket cadeau, aucun document avec prix dans le colis"] : []),
  ];
}
