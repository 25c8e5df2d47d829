import type { Route } from "./+types/favorites";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, apiLoader, dataResponse, firstIssue, validate } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { readJson } from "~/.server/http";
import { addFavorite } from "~/.server/modules/favorites/favorites.service";
import { listFavorites } from "~/.server/workflows/favorites";
import { FAVORITE_ADD_SIGN_IN_MESSAGE, FavoriteBodySchema } from "~/domain/favorites/favorites.schema";

/** GET /api/v1/favorites: the signed-in shopper's favourite products, newest first. */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  const session = await requireApiUser(request);
  return dataResponse(await listFavorites(await getDb(), session.user.id));
});

/** POST /api/v1/favorites {product_id}: adds a favourite (idempotent; 201 when it is new). */
export const action = apiAction({
  POST: async ({ request }: Route.ActionArgs) => {
    const session = await requireApiUser(request, FAVORITE_ADD_SIGN_IN_MESSAGE);
    const { product_id } = validate(FavoriteBodySchema, (await readJson(request)) ?? {}, firstIssue("Produit invalide"));
    const { added } = await addFavorite(await getDb(), session.user.id, product_id);
    return dataResponse({ product_id, favorite: true }, { status: added ? 201 : 200 });
  },
});
