import type { Route } from "./+types/favorite";
import { getCurrentSession, requireApiUser } from "~/.server/auth/session.server";
import { apiAction } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { jsonError, jsonOk } from "~/.server/http";
import { isUuid } from "~/lib/uuid";
import { isFavorite, removeFavorite } from "~/.server/modules/favorites/favorites.service";
import { FAVORITE_REMOVE_SIGN_IN_MESSAGE } from "~/domain/favorites/favorites.schema";

/** GET /api/v1/favorites/:productId: whether the product is one of the shopper's favourites. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireApiUser(request);
  if (!isUuid(params.productId)) return jsonError(400, "invalid_product", "Produit invalide");
  const favorite = await isFavorite(await getDb(), session.user.id, params.productId);
  return jsonOk({ data: { product_id: params.productId, favorite } });
}

/** DELETE /api/v1/favorites/:productId: removes the favourite (removing a missing one is fine). */
export const action = apiAction({ DELETE: handleDelete });

async function handleDelete({ request, params }: Route.ActionArgs) {
  const session = await getCurrentSession(request);
  if (!session) return jsonError(401, "unauthenticated", FAVORITE_REMOVE_SIGN_IN_MESSAGE);
  if (!isUuid(params.productId)) return jsonError(400, "invalid_product", "Produit invalide");
  await removeFavorite(await getDb(), session.user.id, params.productId);
  return jsonOk({ data: { product_id: params.productId, favorite: false } });
}
