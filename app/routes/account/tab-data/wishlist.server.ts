import type { Database } from "~/.server/db/client";
import { listFavorites } from "~/.server/workflows/favorites";

/** Data of the dashboard's wishlist tab: the shopper's favourite products, newest first. */
export async function loadWishlistTab(db: Database, userId: string) {
  return { favorites: await listFavorites(db, userId) };
}
