import type { Route } from "./+types/favorite";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, apiLoader, dataResponse } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { invalid } from "~/domain/errors";
import { isUuid } from "~/lib/uuid";
import { isFavorite, removeFavorite } from "~/.server/modules/favorites/favorites.service";
import { FAVORITE_REMOVE_SIGN_IN_MESSAGE } from "~/domain/favorites/favorites.schema";

function productIdOf(params: { productId: string }): string {
  if (!isUuid(params.productId)) throw invalid("invalid_product", "Produit invalide");
  return params.productId;
}

/** GET /api/v1/favorites/:productId: whether the product is one of the shopper's favourites. */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  const session = await requireApiUser(request);
  const productId = productIdOf(params);
  return dataResponse({ product_id: productId, favorite: await isFavorite(await getDb(), session.user.id, productId) });
});

/** DELETE /api/v1/favorites/:productId: removes the favourite (removing a missing one is fine). */
export const action = apiAction({
  DELETE: async ({ request, params }: Route.ActionArgs) => {
    const session = await requireApiUser(request, FAVORITE_REMOVE_SIGN_IN_MESSAGE);
    const productId = productIdOf(params);
    await removeFavorite(await getDb(), session.user.id, productId);
    return dataResponse({ product_id: productId, favorite: false });
  },
});
