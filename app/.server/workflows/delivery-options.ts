/**
 * GET /api/v1/delivery-methods: the methods offered to a postal code and country, each with its
 * price and earliest delivery day for the current cart (the signed-in shopper's server cart and
 * Beauty Pass tier; an empty cart for a visitor). Read-only; the order recomputes all of it.
 */
import type { Executor } from "~/.server/db/client";
import { assertKnownPostalCode } from "~/.server/postal-codes/postal-codes";
import { getCart } from "~/.server/modules/cart/cart.service";
import { listDeliveryMethods } from "~/.server/modules/delivery/delivery-methods.service";
import { getProfile } from "~/.server/modules/accounts/profile.service";
import { deliveryPerksOf } from "~/.server/modules/orders/orders.service";
import { SHIPPING_ZONES, shippingZoneOf, type ShippingZone } from "~/domain/checkout/shipping.rules";
import { deliveryOptionsFor, type DeliveryOption, type DeliveryPerks } from "~/domain/delivery/delivery-methods";
import { invalid } from "~/domain/errors";

export const COUNTRY_NOT_SERVED_MESSAGE = "Nous livrons en France, en Belgique, en Suisse, au Luxembourg et à Monaco";
export const POSTAL_CODE_FORMAT_MESSAGE = "Code postal invalide";

export type DeliveryOptions = {
  zone: ShippingZone;
  zone_label: string;
  merchandise_cents: number;
  methods: DeliveryOption[];
};

export async function listDeliveryOptions(
  db: Executor,
  input: { userId: string | null; country: string; postalCode: string; now?: Date },
): Promise<DeliveryOptions> {
  const now = input.now ?? new Date();
  const postalCode = input.postalCode.trim();
  if (!/^[0-9]{4,5}$/.test(postalCode)) {
    throw invalid("invalid_postal_code", POSTAL_CODE_FORMAT_MESSAGE, {
      field: "postal_code",
      fieldErrors: { postal_code: POSTAL_CODE_FORMAT_MESSAGE },
    });
  }
  assertKnownPostalCode(input.country, postalCode);
  const zone = shippingZoneOf(input.country, postalCode);
  if (!zone)
    throw invalid("country_not_served", COUNTRY_NOT_SERVED_MESSAGE, {
      field: "country",
      fieldErrors: { country: COUNTRY_NOT_SERVED_MESSAGE },
    });
  let merchandise = 0;
  let perks: DeliveryPerks | null = null;
  if (input.userId) {
    merchandise = (await getCart(db, input.userId, { now })).subtotal_cents;
    perks = await deliveryPerksOf(db, input.userId, (await getProfile(db, input.userId))?.loyalty_points ?? 0, now);
  }
  const methods = deliveryOptionsFor(await listDeliveryMethods(db), zone, merchandise, { now, perks });
  return { zone, zone_label: SHIPPING_ZONES[zone].label, merchandise_cents: merchandise, methods };
}
