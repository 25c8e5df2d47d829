import { z } from "zod";
import { FavoriteStateSchema, ApiErrorSchema } from "~/.server/api/schemas";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import type { ApiOperation } from "~/.server/api/api-operation";

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/favorites/{productId}",
    summary: "Le produit est-il dans les favoris ?",
    tags: ["Favoris"],
    auth: "session",
    pathParams: z.object({ productId: z.uuid() }),
    responses: {
      200: { description: "État du favori", schema: FavoriteStateSchema },
      400: { description: "Produit invalide", schema: ApiErrorSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
    },
  },
  {
    method: "delete",
    path: "/api/v1/favorites/{productId}",
    summary: "Retirer un produit des favoris",
    tags: ["Favoris"],
    auth: "session",
    pathParams: z.object({ productId: z.uuid() }),
    responses: {
      200: { description: "Retiré des favoris", schema: FavoriteStateSchema },
      400: { description: "Produit invalide", schema: ApiErrorSchema },
      401: { description: "Vous devez être connecté pour supprimer des favoris", schema: ApiErrorSchema },
    },
  },
];
