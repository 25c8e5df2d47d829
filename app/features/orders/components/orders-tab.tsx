import { OrderList } from "~/features/orders/components/order-list";
import type { OrderView } from "~/domain/orders/order.types";
import { TabHeading } from "~/components/ui/tab-heading";

/** The dashboard's "Mes Commandes" tab: count, order cards, detail modal and cancellation. */
export function OrdersTab({ data }: { data: { orders: OrderView[] | null } | null }) {
  return (
    <div>
      <TabHeading>Mes Commandes</TabHeading>
      <OrderList orders={data?.orders ?? null} />
    </div>
  );
}
