/** POST /api/v1/favorites body (server and API documentation only: the heart button sends it as is). */
import { z } from "zod";

export const FavoriteBodySchema = z.object({
  product_id: z.uuid({ error: "Produit invalide" }),
});
export type FavoriteBody = z.output<typeof FavoriteBodySchema>;

/** Spec §5: favourites need an account. */
export const FAVORITE_ADD_SIGN_IN_MESSAGE = "Vous devez être connecté pour ajouter des favoris";
export const FAVORITE_REMOVE_SIGN_IN_MESSAGE = "Vous devez être connecté pour supprimer des favoris";
