import { lineName } from "~/domain/cart/line-name";
import { useId } from "react";
import { useTimeZone } from "~/components/ui/time-zone";
import { useLanguage, useT } from "~/components/ui/i18n";
import { localizedFormat } from "~/domain/i18n/localized-format";
import { ORDER_CARD_ITEMS_SHOWN } from "~/lib/shop-rules";
import type { OrderView } from "~/domain/orders/order.types";
import { OrderStatusBadge } from "~/features/orders/public/order-status-badge";
import { buttonClass } from "~/components/ui/button";

type OrderCardProps = {
  order: OrderView;
  onShowDetail: (order: OrderView) => void;
  /** h3 under a page or tab heading (h2). */
  headingLevel?: "h2" | "h3";
};

/** One order in a history list: reference, date, status, total and its first items. */
export function OrderCard({ order, onShowDetail, headingLevel = "h3" }: OrderCardProps) {
  const format = localizedFormat(useLanguage(), useTimeZone());
  const t = useT();
  const headingId = useId();
  const Heading = headingLevel;
  const shown = order.items.slice(0, ORDER_CARD_ITEMS_SHOWN);
  const others = order.items.length - shown.length;

  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-line bg-white p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <Heading id={headingId} className="text-lg font-semibold">
            {t("account.orders.order", { number: order.number })}
          </Heading>
          <p className="mt-1 text-sm text-muted">
            <time dateTime={order.created_at}>{format.date(order.created_at)}</time>
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </div>

      <ul className="mt-4 space-y-1 text-sm">
        {shown.map((item) => (
          <li key={item.id} className="flex justify-between gap-4">
            <span className="min-w-0 truncate">{lineName(item.product_snapshot.name, item.product_snapshot.variant_label)}</span>
            <span className="shrink-0 text-muted">{`x ${item.quantity}`}</span>
          </li>
        ))}
      </ul>
      {others > 0 && <p className="mt-1 text-sm text-muted">{t("account.orders.others", { count: others })}</p>}

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4">
        <p className="font-semibold">{t("account.orders.total", { total: format.price(order.total_cents) })}</p>
        <button
          type="button"
          onClick={() => onShowDetail(order)}
          className={buttonClass({ variant: "ink-outline", className: "text-sm text-ink" })}
        >
          {t("account.orders.showDetail")}
        </button>
      </div>
    </article>
  );
}
