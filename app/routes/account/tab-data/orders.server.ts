import type { Database } from "~/.server/db/client";
import { listOrders } from "~/.server/workflows/order-views";
import type { OrderView } from "~/domain/orders/order.types";
import { log } from "~/.server/logger";

/** Orders is null when they could not be loaded: the tab then shows "Erreur de chargement". */
export type OrdersTabData = { orders: OrderView[] | null };

/** Data of the dashboard's "Mes Commandes" tab: the shopper's orders, newest first. */
export async function loadOrdersTab(db: Database, userId: string): Promise<OrdersTabData> {
  try {
    return { orders: await listOrders(db, userId) };
  } catch (error) {
    log.error({ err: error }, "dashboard: orders failed to load");
    return { orders: null };
  }
}
