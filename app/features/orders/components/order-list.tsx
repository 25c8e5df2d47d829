import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { OrderView } from "~/domain/orders/order.types";
import { useT } from "~/components/ui/i18n";
import { OrderCard } from "./order-card";
import { OrderDetailModal } from "./order-detail-modal";
import { buttonClass } from "~/components/ui/button";

type OrderListProps = {
  /** Null when the orders could not be loaded. */
  orders: OrderView[] | null;
};

/** Order history: count, cards and the detail modal; the spec's empty state and load error. */
export function OrderList({ orders }: OrderListProps) {
  // An e-mail's link (?commande=AUR-…) opens that order's detail at once.
  const [searchParams] = useSearchParams();
  const linked = searchParams.get("commande");
  const [selectedId, setSelectedId] = useState<string | null>(() => orders?.find((o) => o.number === linked)?.id ?? null);
  const t = useT();

  if (orders === null) {
    return (
      <div role="alert" className="mt-6 rounded-2xl bg-danger/10 px-6 py-8 text-center text-danger">
        <p className="text-lg font-semibold">{t("account.orders.loadError")}</p>
        <p className="mt-2 text-sm">{t("account.orders.loadErrorText")}</p>
      </div>
    );
  }

  if (orders.length === 0) {
    return (
      <div className="mt-6 rounded-2xl bg-cream px-6 py-14 text-center">
        <p className="text-lg font-semibold">{t("account.empty.orders.title")}</p>
        <p className="mt-2 text-muted">{t("account.empty.orders.text")}</p>
        <Link to="/products" className={buttonClass({ variant: "accent", className: "mt-6" })}>
          {t("account.empty.discoverProducts")}
        </Link>
      </div>
    );
  }

  // The modal shows the list's current copy, so a reload after a cancellation updates it too.
  const selected = selectedId ? orders.find((o) => o.id === selectedId) : undefined;

  return (
    <div className="mt-6">
      <p className="text-sm text-muted">{t("account.orders.count", { count: orders.length })}</p>
      <ul className="mt-4 space-y-4">
        {orders.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} onShowDetail={(o) => setSelectedId(o.id)} />
          </li>
        ))}
      </ul>
      {selected && <OrderDetailModal key={selected.id} order={selected} onClose={() => setSelectedId(null)} />}
    </div>
  );
}
