import { EmptyTab } from "./simple-tabs";

/** The dashboard's addresses tab (placeholder until issue 4 fills it). */
export function AddressesTab(_props: { data: unknown }) {
  return <EmptyTab tab="addresses" />;
}
