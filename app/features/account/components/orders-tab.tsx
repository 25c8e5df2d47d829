import { EmptyTab } from "./simple-tabs";

/** The dashboard's orders tab (placeholder until issue 4 fills it). */
export function OrdersTab(_props: { data: unknown }) {
  return <EmptyTab tab="orders" />;
}
