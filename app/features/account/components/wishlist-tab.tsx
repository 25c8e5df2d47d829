import { EmptyTab } from "./simple-tabs";

/** The dashboard's wishlist tab (placeholder until issue 4 fills it). */
export function WishlistTab(_props: { data: unknown }) {
  return <EmptyTab tab="wishlist" />;
}
