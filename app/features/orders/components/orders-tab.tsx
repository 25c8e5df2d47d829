import { OrderList } from "~/features/orders/components/order-list";
import type { OrderView } from "~/domain/orders/order.types";
import { TabHeading } from "~/components/ui/tab-heading";
import { useT } from "~/components/ui/i18n";

/** The dashboard's "Mes Commandes" tab: count, order cards, detail modal and cancellation. */
export function OrdersTab({ data }: { data: { orders: OrderView[] | null } | null }) {
  const t = useT();
  return (
    <div>
      <TabHeading>{t("account.tab.orders")}</TabHeading>
      <OrderList orders={data?.orders ?? null} />
    </div>
  );
}
