/**
 * The shop-wide delivery figures every page shows (banners, cart drawer, delivery page): the
 * Standard method's price and free-delivery threshold, edited in Paramètres with the other
 * delivery methods (docs/decisions/032-delivery-methods.md). The delivery module owns and caches
 * the table; this is the shape the pages have always read. It lived in the settings module, which
 * then imported delivery's; it is delivery's own figure.
 */
import type { Executor } from "~/.server/db/client";
import { listDeliveryMethods } from "./delivery-methods.service";
import { DEFAULT_SHIPPING_SETTINGS, type ShippingSettings } from "~/domain/checkout/shipping.rules";

/** The mainland (and Corsica) standard fee and the free-delivery threshold. */
export async function getShippingSettings(db: Executor, now: number = Date.now()): Promise<ShippingSettings> {
  const standard = (await listDeliveryMethods(db, now)).find((m) => m.code === "standard");
  if (!standard) return DEFAULT_SHIPPING_SETTINGS;
  return {
    feeCents: standard.priceCents,
    freeThresholdCents: standard.freeThresholdCents ?? DEFAULT_SHIPPING_SETTINGS.freeThresholdCents,
  };
}
