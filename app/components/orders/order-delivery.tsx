import { formatDeliveryDate } from "~/domain/delivery/delivery-dates";
import { EXPRESS_PERK_LABELS, type ExpressPerk } from "~/domain/delivery/delivery-methods";
import type { OrderRelayPointView } from "~/domain/orders/order.types";

/** How an order travels: the method chosen, the earliest day promised, the relay point (shopper and back-office). */
export function OrderDelivery({
  order,
}: {
  order: {
    delivery_method_label: string;
    relay_point: OrderRelayPointView | null;
    estimated_delivery_date: string | null;
    express_perk: ExpressPerk | null;
  };
}) {
  return (
    <section className="mt-6 text-sm">
      <h3 className="font-semibold">Mode de livraison</h3>
      <p className="mt-1">
        {order.delivery_method_label}
        {order.estimated_delivery_date ? ` : livraison prévue à partir du ${formatDeliveryDate(order.estimated_delivery_date)}` : ""}
      </p>
      {order.express_perk && <p className="text-success">{EXPRESS_PERK_LABELS[order.express_perk]}</p>}
      {order.relay_point && (
        <address className="mt-2 not-italic text-muted">
          <span className="block font-semibold text-ink">Point relais</span>
          <span className="block break-words">{order.relay_point.name}</span>
          <span className="block break-words">{order.relay_point.street}</span>
          <span className="block">{`${order.relay_point.postal_code} ${order.relay_point.city}`}</span>
          <span className="block">{order.relay_point.opening_hours}</span>
        </address>
      )}
    </section>
  );
}
