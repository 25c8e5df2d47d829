import type { MessageKey, Translate } from "~/components/ui/i18n";
import { type ShippingSettings, type ShippingZone } from "~/domain/checkout/shipping.rules";
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

/** Zone names in the page's language (the French ones are SHIPPING_ZONES' labels). */
const ZONE_KEYS: Record<ShippingZone, MessageKey> = {
  metropole: "shop.info.delivery.zone.metropole",
  corse: "shop.info.delivery.zone.corse",
  "outre-mer": "shop.info.delivery.zone.outreMer",
  belgique: "shop.info.delivery.zone.belgique",
  suisse: "shop.info.delivery.zone.suisse",
  luxembourg: "shop.info.delivery.zone.luxembourg",
  monaco: "shop.info.delivery.zone.monaco",
};

const zoneList = (zones: readonly ShippingZone[], t: Translate) => zones.map((z) => t(ZONE_KEYS[z])).join(", ");

/**
 * Method names are the shop's (edited in Paramètres): the page shows them through useTranslateMessage,
 * which knows the default names' English; the rest follows `t`'s language.
 */
export const deliveryMethodCards = (methods: readonly DeliveryMethod[], t: Translate): DeliveryMethodCard[] =>
  methods
    .filter((m) => m.active)
    .map((m) => ({
      name: m.name,
      headline:
        m.code === "express"
          ? m.freeThresholdCents === null
            ? t("shop.info.delivery.card.expressVip")
            : t("shop.info.delivery.card.expressFree", { threshold: formatEuros(m.freeThresholdCents) })
          : m.freeThresholdCents === null
            ? formatEuros(m.priceCents)
            : t("shop.info.delivery.card.freeFrom", { threshold: formatEuros(m.freeThresholdCents) }),
      price:
        m.freeThresholdCents === null
          ? t("shop.info.delivery.card.perOrder", { price: formatEuros(m.priceCents) })
          : t("shop.info.delivery.card.below", { price: formatEuros(m.priceCents), threshold: formatEuros(m.freeThresholdCents) }),
      details: [
        m.code === "relay"
          ? t("shop.info.delivery.card.relay", { days: m.delayWorkingDays })
          : m.code === "express"
            ? t("shop.info.delivery.card.express", { days: m.delayWorkingDays })
            : t("shop.info.delivery.card.standard", { hours: m.delayWorkingDays * 24 }),
        t("shop.info.delivery.card.carrier", { carrier: CARRIER_RULES[m.carrier].label }),
        t("shop.info.delivery.card.zones", { zones: zoneList(m.zones, t) }),
        t("shop.info.delivery.card.cutoff", { hour: DELIVERY_CUTOFF_HOUR }),
      ],
    }));

export type DeliveryZone = { zone: string; delay: string; fee: string; note?: string };

/** Corsica shares the mainland fee and threshold (features/checkout/shipping.ts). */
export const deliveryZones = (
  { feeCents, freeThresholdCents }: ShippingSettings,
  methods: readonly DeliveryMethod[],
  t: Translate,
): DeliveryZone[] => {
  const freeFrom = (fee: number) =>
    t("shop.info.delivery.fee.freeFrom", { fee: formatEuros(fee), threshold: formatEuros(freeThresholdCents) });
  const home = t("shop.info.delivery.note.home");
  return [
    {
      zone: t("shop.info.delivery.zone.metropole"),
      delay: t("shop.info.delivery.delay.metropolitan"),
      fee: freeFrom(feeCents),
      note: home,
    },
    { zone: t("shop.info.delivery.zone.corse"), delay: t("shop.info.delivery.delay.europe"), fee: freeFrom(feeCents), note: home },
    {
      zone: t("shop.info.delivery.zone.overseasRow"),
      delay: t("shop.info.delivery.delay.overseas"),
      fee: formatEuros(OVERSEAS_SHIPPING_FEE_CENTS),
      note: t("shop.info.delivery.note.overseas"),
    },
    ...(
      [
        ["belgique", BELGIUM_SHIPPING_FEE_CENTS],
        ["luxembourg", LUXEMBOURG_SHIPPING_FEE_CENTS],
        ["monaco", MONACO_SHIPPING_FEE_CENTS],
      ] as const
    ).map(([zone, fee]) => ({ zone: t(ZONE_KEYS[zone]), delay: t("shop.info.delivery.delay.europe"), fee: freeFrom(fee), note: home })),
    {
      zone: t("shop.info.delivery.zone.suisse"),
      delay: t("shop.info.delivery.delay.europe"),
      fee: freeFrom(SWITZERLAND_SHIPPING_FEE_CENTS),
      note: t("shop.info.delivery.note.switzerland"),
    },
    ...methods
      .filter((m) => m.active && m.code !== "standard")
      .map((m) => ({
        zone: m.name,
        delay: t("shop.info.delivery.delay.method", { days: m.delayWorkingDays, zones: zoneList(m.zones, t) }),
        fee:
          m.freeThresholdCents === null
            ? m.code === "express"
              ? t("shop.info.delivery.fee.express", { fee: formatEuros(m.priceCents) })
              : formatEuros(m.priceCents)
            : t("shop.info.delivery.fee.freeFrom", { fee: formatEuros(m.priceCents), threshold: formatEuros(m.freeThresholdCents) }),
        note:
          m.code === "relay"
            ? t("shop.info.delivery.note.relay")
            : t("shop.info.delivery.note.carrier", { carrier: CARRIER_RULES[m.carrier].label }),
      })),
  ];
};

// The return steps, conditions and exceptions are in the shop catalogs (shop.info.delivery.*, decision 044).
