import { SHIPPING_ZONES, type ShippingSettings, type ShippingZone } from "~/domain/checkout/shipping.rules";
import type { DeliveryMethod } from "~/domain/delivery/delivery-methods";
import { CARRIER_RULES } from "~/domain/orders/shipping-tracking";
import {
  DELIVERY_CUTOFF_HOUR,
  BELGIUM_SHIPPING_FEE_CENTS,
  LUXEMBOURG_SHIPPING_FEE_CENTS,
  MONACO_SHIPPING_FEE_CENTS,
  SWITZERLAND_SHIPPING_FEE_CENTS,
  OVERSEAS_SHIPPING_FEE_CENTS,
} from "~/lib/shop-rules";
import { formatEuros } from "./shop-facts";

/** Delivery and returns content (/livraison-retours), from the shop rules of the spec. */

export const METROPOLITAN_DELAY = "48H ouvrées";
export const CORSICA_DELAY = "3 à 5 jours ouvrés";
export const OVERSEAS_DELAY = "7 à 10 jours ouvrés";
export const EUROPE_DELAY = "3 à 5 jours ouvrés";
export const CARRIERS = ["Colissimo", "Chronopost", "UPS"] as const;

/** One card per delivery method offered, from the table edited in Paramètres. */
export type DeliveryMethodCard = { name: string; headline: string; price: string; details: string[] };

const zoneList = (zones: readonly ShippingZone[]) => zones.map((z) => SHIPPING_ZONES[z].label).join(", ");

export const deliveryMethodCards = (methods: readonly DeliveryMethod[]): DeliveryMethodCard[] =>
  methods
    .filter((m) => m.active)
    .map((m) => ({
      name: m.name,
      headline:
        m.code === "express"
          ? m.freeThresholdCents === null
            ? "Offerte aux membres Beauty VIP, et une fois par mois aux Beauty Expert"
            : `Offerte dès ${formatEuros(m.freeThresholdCents)} d'achat ; offerte aux membres Beauty VIP`
          : m.freeThresholdCents === null
            ? formatEuros(m.priceCents)
            : `Offerte dès ${formatEuros(m.freeThresholdCents)} d'achat`,
      price:
        m.freeThresholdCents === null
          ? `${formatEuros(m.priceCents)} par commande`
          : `${formatEuros(m.priceCents)} en dessous de ${formatEuros(m.freeThresholdCents)}`,
      details: [
        m.code === "relay"
          ? `Retrait en point relais ${m.delayWorkingDays} jours ouvrés après l'expédition, point choisi au moment de valider la commande`
          : m.code === "express"
            ? `Livrée à domicile le jour ouvré suivant l'expédition (${m.delayWorkingDays === 1 ? "24H" : `${m.delayWorkingDays} jours ouvrés`})`
            : `Livrée à domicile en ${m.delayWorkingDays * 24}H ouvrées en France métropolitaine`,
        `Transporteur : ${CARRIER_RULES[m.carrier].label}, colis suivi de bout en bout`,
        `Proposée pour : ${zoneList(m.zones)}`,
        `Expédition le jour même pour toute commande passée avant ${DELIVERY_CUTOFF_HOUR}h un jour ouvré`,
      ],
    }));

export type DeliveryZone = { zone: string; delay: string; fee: string; note?: string };

/** Corsica shares the mainland fee and threshold (features/checkout/shipping.ts). */
export const deliveryZones = ({ feeCents, freeThresholdCents }: ShippingSettings, methods: readonly DeliveryMethod[]): DeliveryZone[] => [
  {
    zone: "France métropolitaine",
    delay: METROPOLITAN_DELAY,
    fee: `${formatEuros(feeCents)}, offerte dès ${formatEuros(freeThresholdCents)}`,
    note: "Livraison à domicile, assurée et suivie.",
  },
  {
    zone: "Corse",
    delay: CORSICA_DELAY,
    fee: `${formatEuros(feeCents)}, offerte dès ${formatEuros(freeThresholdCents)}`,
    note: "Livraison à domicile, assurée et suivie.",
  },
  {
    zone: "Outre-mer (DROM)",
    delay: OVERSEAS_DELAY,
    fee: formatEuros(OVERSEAS_SHIPPING_FEE_CENTS),
    note: "Restrictions de transport pour les produits contenant de l'alcool, comme les parfums.",
  },
  ...(
    [
      ["Belgique", BELGIUM_SHIPPING_FEE_CENTS],
      ["Luxembourg", LUXEMBOURG_SHIPPING_FEE_CENTS],
      ["Monaco", MONACO_SHIPPING_FEE_CENTS],
    ] as const
  ).map(([zone, fee]) => ({
    zone,
    delay: EUROPE_DELAY,
    fee: `${formatEuros(fee)}, offerte dès ${formatEuros(freeThresholdCents)}`,
    note: "Livraison à domicile, assurée et suivie.",
  })),
  {
    zone: "Suisse",
    delay: EUROPE_DELAY,
    fee: `${formatEuros(SWITZERLAND_SHIPPING_FEE_CENTS)}, offerte dès ${formatEuros(freeThresholdCents)}`,
    note: "Hors Union européenne : des droits et taxes d'importation peuvent être demandés à la livraison.",
  },
  ...methods
    .filter((m) => m.active && m.code !== "standard")
    .map((m) => ({
      zone: m.name,
      delay: `${m.delayWorkingDays} ${m.delayWorkingDays === 1 ? "jour ouvré" : "jours ouvrés"} (${zoneList(m.zones)})`,
      fee:
        m.freeThresholdCents === null
          ? `${formatEuros(m.priceCents)}${m.code === "express" ? ", offerte aux Beauty VIP et une fois par mois aux Beauty Expert" : ""}`
          : `${formatEuros(m.priceCents)}, offerte dès ${formatEuros(m.freeThresholdCents)}`,
      note:
        m.code === "relay"
          ? "Point relais choisi au moment de valider la commande."
          : `Livraison à domicile par ${CARRIER_RULES[m.carrier].label}.`,
    })),
];

// The return steps, conditions and exceptions are in the shop catalogs (shop.info.delivery.*, decision 044).
