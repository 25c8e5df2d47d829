import { OrderDelivery } from "~/features/orders/public/order-delivery";
import { OrderSampleItems } from "~/features/orders/public/order-samples";
import { PaymentSchedule } from "~/features/orders/public/payment-schedule";
import { lineName } from "~/domain/cart/line-name";
import { orderPaymentCard, type OrderView } from "~/domain/orders/order.types";
import { useT } from "~/components/ui/i18n";
import { formatPrice } from "~/lib/money";

/** The confirmation's summary of the order just placed: lines, delivery, amounts and payment. */
export function OrderConfirmation({ order }: { order: OrderView }) {
  const t = useT();
  const paid = orderPaymentCard(order.metadata.payment);
  const card = paid ? t("account.paymentSchedule.card", { brand: paid.brand, last4: paid.last4 }) : null;
  const cardCents = order.total_cents - order.gift_card_cents;
  return (
    <section aria-label={t("checkout.confirmation.summaryLabel")} className="mt-6 rounded-xl bg-white p-4 text-sm sm:p-6">
      <ul className="divide-y divide-line">
        {order.items.map((item) => (
          <li key={item.id} className="flex justify-between gap-3 py-2">
            <span className="min-w-0 break-words">{`${lineName(item.product_snapshot.name, item.product_snapshot.variant_label ?? null)} x ${item.quantity}`}</span>
            <span className="shrink-0">{formatPrice(item.total_price_cents)}</span>
          </li>
        ))}
        <OrderSampleItems samples={order.samples} />
      </ul>
      <dl className="mt-3 space-y-1 border-t border-line pt-3">
        <div className="flex justify-between gap-3">
          <dt>{t("checkout.summary.subtotal")}</dt>
          <dd>{formatPrice(order.subtotal_cents)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>{t("checkout.summary.delivery")}</dt>
          <dd>{order.shipping_cents === 0 ? t("checkout.summary.free") : formatPrice(order.shipping_cents)}</dd>
        </div>
        {order.discount_cents > 0 && (
          <div className="flex justify-between gap-3">
            <dt>{t("checkout.summary.points", { count: order.points_used })}</dt>
            <dd>{`-${formatPrice(order.discount_cents)}`}</dd>
          </div>
        )}
        {order.promo_code && order.promo_discount_cents > 0 && (
          <div className="flex justify-between gap-3">
            <dt>{t("checkout.summary.promo", { code: order.promo_code })}</dt>
            <dd>{`-${formatPrice(order.promo_discount_cents)}`}</dd>
          </div>
        )}
        <div className="flex justify-between gap-3 border-t border-line pt-2 text-base font-semibold">
          <dt>{(order.payment_schedule ?? []).length > 0 ? t("checkout.confirmation.total") : t("checkout.confirmation.totalPaid")}</dt>
          <dd>{formatPrice(order.total_cents)}</dd>
        </div>
        {(order.gift_card_payments ?? []).map((p) => (
          <div key={p.last4} className="flex justify-between gap-3">
            <dt>{t("checkout.summary.giftCardPayment", { last4: p.last4 })}</dt>
            <dd>{formatPrice(p.amount_cents)}</dd>
          </div>
        ))}
        {card && cardCents > 0 && (
          <div className="flex justify-between gap-3">
            <dt>{card}</dt>
            <dd>{formatPrice(cardCents)}</dd>
          </div>
        )}
      </dl>
      {(order.payment_schedule ?? []).length > 0 && (
        <div className="mt-4 border-t border-line pt-3">
          <PaymentSchedule schedule={order.payment_schedule} />
        </div>
      )}
      {order.items.some((i) => i.product_id) && <OrderDelivery order={order} />}
    </section>
  );
}
