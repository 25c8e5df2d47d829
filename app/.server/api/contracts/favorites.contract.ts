import { FavoriteListSchema, ApiErrorSchema, FavoriteStateSchema } from "~/.server/api/schemas";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { FavoriteBodySchema } from "~/domain/favorites/favorites.schema";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import type { ApiOperation } from "~/.server/api/api-operation";

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/favorites",
    summary: "Les produits favoris de l'utilisateur connecté, du plus récent au plus ancien",
    tags: ["Favoris"],
    auth: "session",
    responses: {
      200: { description: "Favoris", schema: FavoriteListSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
    },
  },
  {
    method: "post",
    path: "/api/v1/favorites",
    summary: "Ajouter un produit aux favoris (sans effet s'il y est déjà)",
    tags: ["Favoris"],
    auth: "session",
    body: FavoriteBodySchema,
    responses: {
      200: { description: "Déjà en favori", schema: FavoriteStateSchema },
      201: { description: "Ajouté aux favoris", schema: FavoriteStateSchema },
      400: { description: "Produit invalide", schema: ApiErrorSchema },
      401: { description: "Vous devez être connecté pour ajouter des favoris", schema: ApiErrorSchema },
      404: { description: SHOP_MESSAGES.productNotFound, schema: ApiErrorSchema },
    },
  },
];
