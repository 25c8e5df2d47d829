/**
 * Modify an order within the hour (spec back-office §9): while it is pending and less than an
 * hour old, the shopper may send it to another of their saved addresses, checked by the same
 * rules as the checkout (complete, known postal code, a zone we deliver to). The delivery price
 * was charged for a zone, so the new address must be in the same zone; a relay-point order
 * travels to its relay point, so its address does not change. One transaction: the order row
 * locked, the address written, the confirmation e-mail queued.
 */
import type { Database } from "~/.server/db/client";
import type { OrderAddress } from "~/.server/db/schema";
import { enqueueMail, kickOutbox } from "~/.server/outbox/outbox.service";
import { renderMail } from "~/.server/mail/templates";
import { orderPath } from "~/.server/mail/templates/layout";
import { resolveDeliveryAddress } from "~/.server/modules/addresses/addresses.service";
import { isCancellable, toOrderView } from "~/.server/modules/orders/order-view";
import { orderViewExtras } from "./order-views";
import { listOrderItems, lockOrder, ORDER_NOT_FOUND_MESSAGE, setOrderShippingAddress } from "~/.server/modules/orders/orders.service";
import { shippingZoneOf } from "~/domain/checkout/shipping.rules";
import { taxDestinationOf } from "~/domain/tax/destinations";
import { conflict, invalid, notFound } from "~/domain/errors";
import type { OrderView } from "~/domain/orders/order.types";
import { isUuid } from "~/lib/uuid";
import { ORDER_CHANGE_WINDOW_HOURS } from "~/lib/shop-rules";
import { firstNameOfUser, mailLanguageOf } from "~/.server/db/recipients";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";

export const ORDER_ADDRESS_LOCKED_MESSAGE = `L'adresse de livraison ne peut plus être modifiée : elle se modifie pendant ${ORDER_CHANGE_WINDOW_HOURS} heure après la commande, tant qu'elle n'est pas en préparation.`;
export const ORDER_ADDRESS_RELAY_MESSAGE = "Cette commande est livrée en point relais : son adresse de livraison ne change pas.";
export const ORDER_ADDRESS_OTHER_ZONE_MESSAGE =
  "Cette adresse est dans une autre zone de livraison, à un autre tarif : annulez la commande puis commandez à nouveau avec cette adresse.";

function zoneOf(address: OrderAddress, metadata: Record<string, unknown>) {
  const stored = (metadata.shipping_info as { zone?: string } | undefined)?.zone;
  return stored ?? shippingZoneOf(address.country, address.postal_code);
}

export async function changeOrderAddress(
  db: Database,
  input: { userId: string; orderId: string; addressId: unknown; now?: Date },
): Promise<OrderView> {
  const now = input.now ?? new Date();
  if (!isUuid(input.orderId)) throw notFound("order_not_found", ORDER_NOT_FOUND_MESSAGE);
  const addressId = typeof input.addressId === "string" ? input.addressId : "";
  const view = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId, input.userId);
    if (!order) throw notFound("order_not_found", ORDER_NOT_FOUND_MESSAGE);
    if (!isCancellable(order, now)) throw conflict("order_address_locked", ORDER_ADDRESS_LOCKED_MESSAGE);
    if (order.deliveryMethod === "relay") throw conflict("order_address_relay", ORDER_ADDRESS_RELAY_MESSAGE);
    const resolved = isUuid(addressId) ? await resolveDeliveryAddress(tx, input.userId, addressId) : null;
    if (!resolved || !resolved.ok) {
      const message = resolved && !resolved.ok ? resolved.message : CHECKOUT_MESSAGES.selectValidDeliveryAddress;
      throw invalid("invalid_address", message, { field: "address_id" });
    }
    if (resolved.value.shippingZone !== zoneOf(order.shippingAddress, order.metadata)) {
      throw conflict("order_address_other_zone", ORDER_ADDRESS_OTHER_ZONE_MESSAGE, { field: "address_id" });
    }
    // The order was taxed for its destination and invoiced so (decision 063): an overseas
    // department and an overseas territory share a delivery zone, not their VAT mentions.
    const territory = taxDestinationOf(resolved.value.address.country, resolved.value.address.postal_code)?.territory;
    if (order.tax && territory !== order.tax.destination.territory) {
      throw conflict("order_address_other_zone", ORDER_ADDRESS_OTHER_ZONE_MESSAGE, { field: "address_id" });
    }
    const updated = await setOrderShippingAddress(tx, order.id, resolved.value.address, now);
    const email = (order.metadata as { customer_info?: { email?: string } }).customer_info?.email;
    if (email) {
      const a = resolved.value.address;
      const mail = await renderMail(
        "order-address-changed",
        {
          firstName: (await firstNameOfUser(tx, input.userId)) ?? a.first_name,
          orderNumber: order.orderNumber,
          orderPath: orderPath(order.orderNumber),
          address: [
            `${a.first_name} ${a.last_name}`,
            ...(a.company ? [a.company] : []),
            a.street,
            ...(a.additional_info ? [a.additional_info] : []),
            `${a.postal_code} ${a.city}`,
            a.country,
          ],
        },
        { language: await mailLanguageOf(tx, input.userId) },
      );
      await enqueueMail(tx, { to: email, ...mail });
    }
    return toOrderView(updated, await listOrderItems(tx, order.id), now, await orderViewExtras(tx, updated));
  });
  kickOutbox();
  return view;
}
