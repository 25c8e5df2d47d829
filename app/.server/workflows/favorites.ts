/**
 * "Mes Favoris" as product cards (decision 024): the favorites module knows which products a
 * shopper keeps, the catalogue how a product shows as a card.
 */
import type { Executor } from "~/.server/db/client";
import { listProductCardsByIds } from "~/.server/modules/catalog/catalog.service";
import { listFavoriteIds } from "~/.server/modules/favorites/favorites.service";
import type { ProductCardView } from "~/domain/catalog/catalog.types";

/** The shopper's favourite products as cards, most recently added first. */
export async function listFavorites(db: Executor, userId: string): Promise<ProductCardView[]> {
  return listProductCardsByIds(db, await listFavoriteIds(db, userId));
}
