import { Link } from "react-router";
import { OrderSampleItems } from "~/features/orders/public/order-samples";
import { lineName } from "~/domain/cart/line-name";
import { OrderTracking } from "./order-tracking";
import { ChangeOrderAddress, ReorderButton } from "./order-actions";
import { OrderReturns } from "./order-returns";
import { OrderDelivery } from "~/features/orders/public/order-delivery";
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { Modal } from "~/components/ui/modal";
import { showToast } from "~/components/ui/toast";
import { useTimeZone } from "~/components/ui/time-zone";
import { VatNotice } from "~/features/orders/public/vat-notice";
import { T, useLanguage, useT, useTranslateMessage } from "~/components/ui/i18n";
import { localizedFormat } from "~/domain/i18n/localized-format";
import { orderPaymentCard, type OrderView } from "~/domain/orders/order.types";
import { OrderStatusBadge } from "~/features/orders/public/order-status-badge";
import { OrderDocuments } from "~/features/orders/public/order-documents";
import { PaymentSchedule } from "~/features/orders/public/payment-schedule";
import { buttonClass } from "~/components/ui/button";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { callJsonApi } from "~/lib/json-api";
import { OrderGiftOptions, OrderGiftWrapLine } from "~/features/orders/public/order-gift-options";

const CANCEL_FAILED_MESSAGE = ACCOUNT_MESSAGES.somethingWentWrong;

/** Asks the API to cancel the order; the answer is the cancelled order or a French message. */
async function requestCancellation(orderId: string): Promise<{ order: OrderView } | { message: string }> {
  const answer = await callJsonApi<OrderView>(`/api/v1/orders/${encodeURIComponent(orderId)}/cancel`, { method: "POST" });
  if (answer.ok && answer.data) return { order: answer.data };
  return { message: (!answer.ok && answer.message) || CANCEL_FAILED_MESSAGE };
}

/** The full order: lines, amounts, delivery address, payment, status, and cancellation while allowed. */
export function OrderDetailModal({ order: initial, onClose }: { order: OrderView; onClose: () => void }) {
  const format = localizedFormat(useLanguage(), useTimeZone());
  const formatPrice = format.price;
  const t = useT();
  const tm = useTranslateMessage();
  const revalidator = useRevalidator();
  // The cancelled (or re-addressed) order from the API shows at once, before the page's data is reloaded.
  const [updated, setUpdated] = useState<OrderView | null>(null);
  const order = updated ?? initial;
  const card = orderPaymentCard(order.metadata?.payment);
  const payment = card ? t("account.paymentSchedule.card", { brand: card.brand, last4: card.last4 }) : null;
  const address = order.shipping_address;
  const pointsDiscount = order.discount_cents;

  return (
    <Modal title={t("account.orders.order", { number: order.number })} onClose={onClose}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">
          <T
            k="account.orderDetail.placedOn"
            values={{ date: format.date(order.created_at) }}
            components={{ 0: <time dateTime={order.created_at} /> }}
          />
        </p>
        <p className="flex items-center gap-2 text-sm">
          <span className="text-muted">{t("account.orderDetail.status")}</span> <OrderStatusBadge status={order.status} />
        </p>
      </div>

      <h3 className="mt-6 font-semibold">{t("account.orderDetail.items")}</h3>
      <ul className="mt-2 divide-y divide-line border-y border-line">
        {order.items.map((item) => (
          <li key={item.id} className="flex items-start justify-between gap-4 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-semibold break-words">{lineName(item.product_snapshot.name, item.product_snapshot.variant_label)}</p>
              <p className="text-muted">{`${item.quantity} x ${formatPrice(item.unit_price_cents)}`}</p>
              {order.status === "delivered" && item.product_id && (
                <Link
                  to={`/product/${item.product_id}#donner-mon-avis`}
                  className="mt-1 inline-flex min-h-11 items-center font-semibold text-accent underline underline-offset-4"
                >
                  {t("account.orderDetail.review")}
                  <span className="sr-only">{t("account.orderDetail.reviewOn", { name: item.product_snapshot.name })}</span>
                </Link>
              )}
            </div>
            <p className="shrink-0 font-semibold">{formatPrice(item.total_price_cents)}</p>
          </li>
        ))}
        <OrderSampleItems samples={order.samples} />
      </ul>

      <dl className="mt-4 space-y-1 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted">{t("account.orderDetail.subtotal")}</dt>
          <dd>{formatPrice(order.subtotal_cents)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted">{t("account.orderDetail.shipping")}</dt>
          <dd>{order.shipping_cents === 0 ? t("account.orderDetail.free") : formatPrice(order.shipping_cents)}</dd>
        </div>
        <OrderGiftWrapLine gift={order.gift} />
        {pointsDiscount > 0 && (
          <div className="flex justify-between gap-4">
            <dt className="text-muted">{t("account.orderDetail.pointsDiscount", { points: order.points_used })}</dt>
            <dd>{`-${formatPrice(pointsDiscount)}`}</dd>
          </div>
        )}
        {order.promo_code && order.promo_discount_cents > 0 && (
          <div className="flex justify-between gap-4">
            <dt className="text-muted">{t("account.orderDetail.promoCode", { code: order.promo_code })}</dt>
            <dd>{`-${formatPrice(order.promo_discount_cents)}`}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4 border-t border-line pt-2 text-base font-semibold">
          <dt>{t("account.orderDetail.total")}</dt>
          <dd>{formatPrice(order.total_cents)}</dd>
        </div>
        {/* Gift cards used as payment */}
        {(order.gift_card_payments ?? []).map((p) => (
          <div key={p.last4} className="flex justify-between gap-4">
            <dt className="text-muted">{t("account.orderDetail.giftCard", { last4: p.last4 })}</dt>
            <dd>{`-${formatPrice(p.amount_cents)}`}</dd>
          </div>
        ))}
      </dl>
      <VatNotice vat={order.vat_treatment} />
      <OrderGiftOptions orderId={order.id} gift={order.gift} audience="shopper" />

      {/* Gift cards bought in this order: last 4 characters only (docs/decisions/018-gift-cards.md) */}
      {(order.gift_cards ?? []).length > 0 && (
        <div className="mt-4 text-sm">
          <h3 className="font-semibold">{t("account.orderDetail.giftCardsBought")}</h3>
          <ul className="mt-1 space-y-1 text-muted">
            {order.gift_cards.map((card) => (
              <li key={card.last4}>
                {t(card.delivery_mode === "email" ? "account.orderDetail.giftCardEmail" : "account.orderDetail.giftCardPhysical", {
                  last4: card.last4,
                  amount: formatPrice(card.amount_cents),
                  email: card.recipient_email ?? "",
                })}
                {card.status !== "active" ? t("account.orderDetail.giftCardCancelled") : ""}
              </li>
            ))}
          </ul>
        </div>
      )}

      <OrderDelivery order={order} />
      <OrderTracking order={order} />

      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <div>
          <h3 className="font-semibold">{t("account.orderDetail.address")}</h3>
          <address className="mt-2 text-sm not-italic text-muted">
            {`${address.first_name} ${address.last_name}`}
            {address.company && <span className="block">{address.company}</span>}
            <span className="block">{address.street}</span>
            {address.additional_info && <span className="block">{address.additional_info}</span>}
            <span className="block">{`${address.postal_code} ${address.city}`}</span>
            <span className="block">{tm(address.country)}</span>
            {address.phone && <span className="block">{address.phone}</span>}
          </address>
        </div>
        <div>
          <h3 className="font-semibold">{t("account.orderDetail.payment")}</h3>
          <p className="mt-2 text-sm text-muted">
            {payment ?? t(order.gift_card_cents > 0 ? "account.orderDetail.paidByGiftCard" : "account.orderDetail.notGiven")}
          </p>
        </div>
      </div>

      {(order.payment_schedule ?? []).length > 0 && (
        <div className="mt-6">
          <PaymentSchedule schedule={order.payment_schedule} />
        </div>
      )}

      <div className="mt-6">
        <OrderDocuments documents={order.documents ?? []} />
      </div>

      <ChangeOrderAddress
        order={order}
        onChanged={(next) => {
          setUpdated(next);
          showToast(t("account.orderDetail.addressChanged"));
          void revalidator.revalidate();
        }}
      />
      <OrderReturns order={order} />
      <ReorderButton order={order} />

      <CancelOrder
        order={order}
        onCancelled={(next) => {
          setUpdated(next);
          showToast(t("account.orderDetail.cancelled"));
          void revalidator.revalidate();
        }}
      />
    </Modal>
  );
}

/**
 * "Annuler la commande" with a confirmation step. Focus follows the step: onto "Oui" when asked,
 * back to "Annuler la commande" on "Non", onto the outcome once cancelled.
 */
function CancelOrder({ order, onCancelled }: { order: OrderView; onCancelled: (order: OrderView) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const askButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const outcome = useRef<HTMLParagraphElement>(null);
  const step = done ? "done" : confirming ? "confirm" : "ask";
  const previousStep = useRef(step);
  const t = useT();
  const tm = useTranslateMessage();

  useEffect(() => {
    if (previousStep.current === step) return;
    previousStep.current = step;
    if (step === "confirm") confirmButton.current?.focus();
    if (step === "ask") askButton.current?.focus();
    if (step === "done") outcome.current?.focus();
  }, [step]);

  async function cancel() {
    setBusy(true);
    setError(null);
    const result = await requestCancellation(order.id);
    setBusy(false);
    setConfirming(false);
    if ("message" in result) {
      setError(result.message);
      return;
    }
    setDone(true);
    onCancelled(result.order);
  }

  return (
    <>
      <p role="alert" className="empty:hidden mt-6 rounded-lg bg-danger/10 px-4 py-3 text-sm font-semibold text-danger">
        {error ? tm(error) : ""}
      </p>
      {done && (
        <p ref={outcome} tabIndex={-1} className="mt-6 rounded-lg bg-success/10 px-4 py-3 text-sm font-semibold text-success">
          {t("account.cancelOrder.done")}
        </p>
      )}
      {order.cancellable && !confirming && (
        <button
          ref={askButton}
          type="button"
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
          className={buttonClass({ variant: "danger-outline", className: "mt-6 text-sm" })}
        >
          {t("account.cancelOrder.ask")}
        </button>
      )}
      {order.cancellable && confirming && (
        <div role="group" aria-label={t("account.cancelOrder.group")} className="mt-6 rounded-xl border border-danger/40 bg-danger/5 p-4">
          <p className="text-sm font-semibold">{t("account.cancelOrder.question")}</p>
          <p className="mt-1 text-sm text-muted">
            {order.points_used > 0
              ? t("account.cancelOrder.restockPoints", { points: order.points_used })
              : t("account.cancelOrder.restock")}
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <button
              ref={confirmButton}
              type="button"
              disabled={busy}
              onClick={cancel}
              className={buttonClass({ variant: "danger", className: "text-sm" })}
            >
              {t(busy ? "account.cancelOrder.cancelling" : "account.cancelOrder.yes")}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => setConfirming(false)}
              className={buttonClass({ className: "text-sm text-ink" })}
            >
              {t("account.cancelOrder.no")}
            </button>
          </div>
        </div>
      )}
    </>
  );
}
