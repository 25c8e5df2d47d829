/**
 * Delivery methods (Standard, Point relais, Express): what each costs, where it is offered, when
 * it arrives, and the Beauty Pass express perk. Isomorphic: the checkout shows the figures the
 * server charges; the server always recomputes them (docs/decisions/032-delivery-methods.md).
 */
import { z } from "zod";
import { SHIPPING_ZONES, type ShippingZone } from "~/domain/checkout/shipping.rules";
import { CARRIER_RULES, CARRIERS, type Carrier } from "~/domain/orders/shipping-tracking";
import type { BeautyPassTierId } from "~/domain/loyalty/loyalty.rules";
import { estimateDeliveryDate } from "./delivery-dates";
import { text } from "~/lib/safe-text";
import {
  EXPRESS_SHIPPING_FEE_CENTS,
  FREE_SHIPPING_THRESHOLD_CENTS,
  METROPOLITAN_DELIVERY_WORKING_DAYS,
  RELAY_POINT_DISCOUNT_CENTS,
  SHIPPING_FEE_CENTS,
} from "~/lib/shop-rules";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { formatMessage } from "~/domain/messages/format";

export const DELIVERY_METHOD_CODES = ["standard", "relay", "express"] as const;
export type DeliveryMethodCode = (typeof DELIVERY_METHOD_CODES)[number];

export const SHIPPING_ZONE_CODES = Object.keys(SHIPPING_ZONES) as ShippingZone[];

/** One row of the delivery methods table, as Paramètres edits it. */
export type DeliveryMethod = {
  code: DeliveryMethodCode;
  name: string;
  carrier: Carrier;
  /** The carrier's product the parcels go by (carrier-products.ts). */
  productCode: string;
  priceCents: number;
  /** Free from this merchandise subtotal; null: never free. */
  freeThresholdCents: number | null;
  /** Working days between the parcel leaving and its arrival in mainland France. */
  delayWorkingDays: number;
  zones: ShippingZone[];
  active: boolean;
};

/** The published rules, and what the migration writes when the shop had edited nothing. */
export const DEFAULT_DELIVERY_METHODS: readonly DeliveryMethod[] = [
  {
    code: "standard",
    name: CHECKOUT_MESSAGES.standardDelivery,
    carrier: "colissimo",
    productCode: "DOM",
    priceCents: SHIPPING_FEE_CENTS,
    freeThresholdCents: FREE_SHIPPING_THRESHOLD_CENTS,
    delayWorkingDays: METROPOLITAN_DELIVERY_WORKING_DAYS,
    zones: [...SHIPPING_ZONE_CODES],
    active: true,
  },
  {
    code: "relay",
    name: CHECKOUT_MESSAGES.pickupPoint,
    carrier: "colissimo",
    productCode: "A2P",
    priceCents: SHIPPING_FEE_CENTS - RELAY_POINT_DISCOUNT_CENTS,
    freeThresholdCents: FREE_SHIPPING_THRESHOLD_CENTS,
    delayWorkingDays: METROPOLITAN_DELIVERY_WORKING_DAYS + 1,
    zones: ["metropole", "corse"],
    active: true,
  },
  {
    code: "express",
    name: CHECKOUT_MESSAGES.expressDelivery,
    carrier: "chronopost",
    productCode: "CHRONO13",
    priceCents: EXPRESS_SHIPPING_FEE_CENTS,
    freeThresholdCents: null,
    delayWorkingDays: 1,
    zones: ["metropole"],
    active: true,
  },
];

/**
 * Working days added to a method's delay outside mainland France: the delays the delivery page
 * publishes (Corsica and neighbouring countries 3 to 5 days, overseas 7 to 10).
 */
export const ZONE_EXTRA_WORKING_DAYS: Record<ShippingZone, number> = {
  metropole: 0,
  corse: 1,
  "outre-mer": 5,
  belgique: 1,
  suisse: 1,
  luxembourg: 1,
  monaco: 1,
};

/** The express perk of the Beauty Pass tiers (/beauty-pass): Expert once per calendar month, VIP always. */
export type ExpressPerk = "vip" | "expert_monthly";
export const EXPRESS_PERK_LABELS: Record<ExpressPerk, string> = {
  vip: CHECKOUT_MESSAGES.freeExpressDeliveryBeautyVip,
  expert_monthly: CHECKOUT_MESSAGES.freeExpressDeliveryMonthBeauty,
};

export type DeliveryPerks = {
  tier: BeautyPassTierId;
  /** Whether this shopper's free express of the current Paris month is already used. */
  expertExpressUsed: boolean;
};

/** What a method costs and when it arrives, for one zone and one merchandise subtotal. */
export type DeliveryOption = {
  code: DeliveryMethodCode;
  name: string;
  carrier: Carrier;
  carrier_label: string;
  fee_cents: number;
  /** The fee before the threshold or the perk made it free. */
  base_fee_cents: number;
  free_threshold_cents: number | null;
  perk: ExpressPerk | null;
  perk_label: string | null;
  /** "YYYY-MM-DD", Paris: the earliest delivery day. */
  estimated_date: string;
  needs_relay_point: boolean;
};

/** Whether a method is offered for deliveries to this zone. */
export function isOffered(method: DeliveryMethod, zone: ShippingZone): boolean {
  return method.active && method.zones.includes(zone);
}

/** The perk that makes express free for this shopper now, if any. */
export function expressPerkFor(perks: DeliveryPerks | null): ExpressPerk | null {
  if (!perks) return null;
  if (perks.tier === "vip") return "vip";
  if (perks.tier === "expert" && !perks.expertExpressUsed) return "expert_monthly";
  return null;
}

/**
 * A method's price in a zone: its own price in mainland France and Corsica; Standard keeps the
 * published fees of the other zones (overseas, neighbouring countries), where the other methods
 * charge their own price if the shop offers them there. Overseas is never free.
 */
export function quoteDeliveryOption(
  method: DeliveryMethod,
  zone: ShippingZone,
  merchandiseCents: number,
  { now, perks }: { now: Date; perks: DeliveryPerks | null },
): DeliveryOption {
  const rule = SHIPPING_ZONES[zone];
  const base = rule.feeCents === "settings" || method.code !== "standard" ? method.priceCents : rule.feeCents;
  const threshold = rule.freeThresholdCents === null ? null : method.freeThresholdCents;
  const freeByThreshold = threshold !== null && merchandiseCents >= threshold;
  const perk = method.code === "express" && !freeByThreshold && base > 0 ? expressPerkFor(perks) : null;
  return {
    code: method.code,
    name: method.name,
    carrier: method.carrier,
    carrier_label: CARRIER_RULES[method.carrier].label,
    fee_cents: freeByThreshold || perk ? 0 : base,
    base_fee_cents: base,
    free_threshold_cents: threshold,
    perk,
    perk_label: perk ? EXPRESS_PERK_LABELS[perk] : null,
    estimated_date: estimateDeliveryDate({ now, workingDays: method.delayWorkingDays + ZONE_EXTRA_WORKING_DAYS[zone] }),
    needs_relay_point: method.code === "relay",
  };
}

/** Every method offered in a zone, in the table's order. */
export function deliveryOptionsFor(
  methods: readonly DeliveryMethod[],
  zone: ShippingZone,
  merchandiseCents: number,
  context: { now: Date; perks: DeliveryPerks | null },
): DeliveryOption[] {
  return methods.filter((m) => isOffered(m, zone)).map((m) => quoteDeliveryOption(m, zone, merchandiseCents, context));
}

export const DELIVERY_METHOD_NOT_OFFERED_MESSAGE = CHECKOUT_MESSAGES.deliveryMethodNotAvailableAddress;
export const RELAY_POINT_REQUIRED_MESSAGE = CHECKOUT_MESSAGES.choosePickupPoint;
export const RELAY_POINT_UNKNOWN_MESSAGE = CHECKOUT_MESSAGES.pickupPointDoesNotExist;
export const RELAY_POINT_TOO_FAR_MESSAGE = CHECKOUT_MESSAGES.pickupPointNotAvailableDelivery;

/* -------------------------------------------------------------------------------------------- */
/* Paramètres: the form of one method                                                             */
/* -------------------------------------------------------------------------------------------- */

export const DELIVERY_METHOD_NAME_MAX = 60;
export const DELIVERY_PRICE_MAX_CENTS = 10_000;
export const DELIVERY_THRESHOLD_MAX_CENTS = 1_000_000;
export const DELIVERY_DELAY_MAX_DAYS = 20;

const EUROS = /^(\d{1,7})(?:[.,](\d{1,2}))?$/;

/** "9,90" -> 990; a blank threshold means "never free". */
function euros(max: number, maxMessage: string, { optional }: { optional: boolean }) {
  return z.unknown().transform((raw, ctx): number | null => {
    const value = (typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw : "").trim().replace(/\s/g, "");
    if (value === "") {
      if (optional) return null;
      ctx.addIssue({ code: "custom", message: "Veuillez saisir un montant" });
      return z.NEVER;
    }
    const match = EUROS.exec(value);
    if (!match) {
      ctx.addIssue({ code: "custom", message: "Le montant doit être un nombre positif avec au plus 2 décimales" });
      return z.NEVER;
    }
    const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
    if (cents > max) {
      ctx.addIssue({ code: "custom", message: maxMessage });
      return z.NEVER;
    }
    return cents;
  });
}

export const DeliveryMethodFormSchema = z.object({
  name: text({ error: SHOP_MESSAGES.nameRequired })
    .trim()
    .min(2, { error: CHECKOUT_MESSAGES.nameMustLeast2Characters })
    .max(DELIVERY_METHOD_NAME_MAX, { error: formatMessage(ACCOUNT_MESSAGES.maxCharacters, { max: DELIVERY_METHOD_NAME_MAX }) }),
  carrier: z.enum(CARRIERS, { error: "Choisissez un transporteur de la liste" }),
  product_code: z.string({ error: "Choisissez un produit du transporteur" }).trim().max(20).optional(),
  price: euros(DELIVERY_PRICE_MAX_CENTS, "Le prix ne peut pas dépasser 100 €", { optional: false }),
  free_threshold: euros(DELIVERY_THRESHOLD_MAX_CENTS, "Le seuil de gratuité ne peut pas dépasser 10 000 €", { optional: true }),
  delay_working_days: z.coerce
    .number({ error: "Le délai doit être un nombre entier de jours ouvrés" })
    .int({ error: "Le délai doit être un nombre entier de jours ouvrés" })
    .min(1, { error: "Le délai est d'au moins 1 jour ouvré" })
    .max(DELIVERY_DELAY_MAX_DAYS, { error: `Le délai ne peut pas dépasser ${DELIVERY_DELAY_MAX_DAYS} jours ouvrés` }),
  zones: z
    .array(z.enum(SHIPPING_ZONE_CODES as [ShippingZone, ...ShippingZone[]], { error: "Zone inconnue" }))
    .max(SHIPPING_ZONE_CODES.length)
    .transform((zones) => [...new Set(zones)]),
  active: z.boolean({ error: "Valeur invalide" }),
});
export type DeliveryMethodFormInput = z.input<typeof DeliveryMethodFormSchema>;
export type DeliveryMethodField = keyof z.output<typeof DeliveryMethodFormSchema>;

export const STANDARD_MUST_STAY_MESSAGE = "La livraison standard doit rester active dans toutes les zones";

/** The Standard method is the one every address can use: it stays active everywhere. */
export function standardStaysEverywhere(code: DeliveryMethodCode, form: { zones: readonly string[]; active: boolean }): boolean {
  return code !== "standard" || (form.active && SHIPPING_ZONE_CODES.every((z) => form.zones.includes(z)));
}
