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
import { prepareTax, priceWithTax } from "./order-tax";

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
  let perks: DeliveryPerks | null = null;
  const lines = input.userId ? (await getCart(db, input.userId, { now })).items.filter((l) => l.available) : [];
  if (input.userId) {
    perks = await deliveryPerksOf(db, input.userId, (await getProfile(db, input.userId))?.loyalty_points ?? 0, now);
  }
  // Priced as the checkout will charge them (decision 063): without French VAT outside its territory.
  const tax = await prepareTax(db, {
    address: { first_name: "", last_name: "", street: "", city: "", postal_code: postalCode, country: input.country, phone: "" },
    business: null,
    productIds: lines.map((l) => l.product_id),
    now,
  });
  const pricing = tax
    ? priceWithTax(
        tax,
        lines.map((l) => ({ productId: l.product_id, unitCents: l.price_cents, quantity: l.quantity })),
      )
    : null;
  const merchandise = lines.reduce(
    (sum, l) => sum + (pricing ? pricing.unitCents(l.product_id, l.price_cents) : l.price_cents) * l.quantity,
    0,
  );
  const methods = deliveryOptionsFor(await listDeliveryMethods(db), zone, merchandise, { now, perks }).map((m) =>
    pricing ? { ...m, fee_cents: pricing.feeCents(m.fee_cents), base_fee_cents: pricing.feeCents(m.base_fee_cents) } : m,
  );
  return { zone, zone_label: SHIPPING_ZONES[zone].label, merchandise_cents: merchandise, methods };
}
