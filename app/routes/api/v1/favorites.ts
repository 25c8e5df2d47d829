import type { Route } from "./+types/favorites";
import { getCurrentSession, requireApiUser } from "~/.server/auth/session.server";
import { apiAction } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { jsonError, jsonOk, readJson } from "~/.server/http";
import { addFavorite, listFavorites } from "~/.server/modules/favorites/favorites.service";
import { FAVORITE_ADD_SIGN_IN_MESSAGE, FavoriteBodySchema } from "~/domain/favorites/favorites.schema";

/** GET /api/v1/favorites: the signed-in shopper's favourite products, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireApiUser(request);
  return jsonOk({ data: await listFavorites(await getDb(), session.user.id) });
}

/** POST /api/v1/favorites {product_id}: adds a favourite (idempotent). */
export const action = apiAction({ POST: handlePost });

async function handlePost({ request }: Route.ActionArgs) {
  const session = await getCurrentSession(request);
  if (!session) return jsonError(401, "unauthenticated", FAVORITE_ADD_SIGN_IN_MESSAGE);
  const body = await readJson(request);
  const parsed = FavoriteBodySchema.safeParse(body ?? {});
  if (!parsed.success) return jsonError(400, "invalid_body", parsed.error.issues[0]?.message ?? "Produit invalide");
  const result = await addFavorite(await getDb(), session.user.id, parsed.data.product_id);
  if (!result.ok) return jsonError(404, "product_not_found", "Produit introuvable");
  return jsonOk({ data: { product_id: parsed.data.product_id, favorite: true } }, { status: result.added ? 201 : 200 });
}
