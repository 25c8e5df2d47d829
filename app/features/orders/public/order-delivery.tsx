import { localizedFormat } from "~/domain/i18n/localized-format";
import { useLanguage, useT, useTranslateMessage } from "~/components/ui/i18n";
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
  const t = useT();
  const tm = useTranslateMessage();
  const language = useLanguage();
  const format = localizedFormat(language);
  // The relay point's name and hours are the carrier directory's own French text: marked as such on an English page.
  const carrierLang = language === "fr" ? undefined : "fr";
  return (
    <section className="mt-6 text-sm">
      <h3 className="font-semibold">{t("account.delivery.title")}</h3>
      <p className="mt-1">
        {tm(order.delivery_method_label)}
        {order.estimated_delivery_date ? t("account.delivery.expected", { date: format.weekday(order.estimated_delivery_date) }) : ""}
      </p>
      {order.express_perk && <p className="text-success">{tm(EXPRESS_PERK_LABELS[order.express_perk])}</p>}
      {order.relay_point && (
        <address className="mt-2 not-italic text-muted">
          <span className="block font-semibold text-ink">{t("account.delivery.relayPoint")}</span>
          <span className="block break-words" lang={carrierLang}>
            {order.relay_point.name}
          </span>
          <span className="block break-words">{order.relay_point.street}</span>
          <span className="block">{`${order.relay_point.postal_code} ${order.relay_point.city}`}</span>
          <span className="block" lang={carrierLang}>
            {order.relay_point.opening_hours}
          </span>
        </address>
      )}
    </section>
  );
}
