import type { ProductCardView } from "~/domain/catalog/catalog.types";
import { FavoritesView } from "~/features/favorites/components/favorites-view";

/** The dashboard's "Mes Favoris" tab: the same view as /favorites. */
export function WishlistTab({ data }: { data: { favorites: ProductCardView[] } | null }) {
  return <FavoritesView state={data ? "ready" : "loading"} favorites={data?.favorites ?? []} headingLevel={2} />;
}
