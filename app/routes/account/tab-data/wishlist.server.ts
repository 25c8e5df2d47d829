import type { Database } from "~/.server/db/client";

/** Data of the dashboard's wishlist tab (placeholder until issue 4 fills it). */
export async function loadWishlistTab(_db: Database, _userId: string) {
  return null;
}
