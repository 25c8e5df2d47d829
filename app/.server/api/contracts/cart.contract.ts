import { z } from "zod";
import { CartQuoteQuerySchema, CartLinesSchema } from "~/domain/cart/cart.schema";
import { CartResponseSchema, CartQuoteResponseSchema, ApiErrorSchema } from "~/.server/api/schemas";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import type { ApiOperation } from "~/.server/api/api-operation";

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/cart",
    summary:
      "Le panier de l'utilisateur connecté, au prix du catalogue ; avec ?variants=a,b (sans connexion) : prix, stock et disponibilité actuels de ces variantes (ids=c,d : produits à une seule variante)",
    tags: ["Panier"],
    auth: "session",
    query: CartQuoteQuerySchema.partial(),
    responses: {
      200: {
        description: "Panier (ou, avec variants / ids, les variantes demandées)",
        schema: z.union([CartResponseSchema, CartQuoteResponseSchema]),
      },
      400: { description: "Identifiants invalides", schema: ApiErrorSchema },
      401: { description: "Connexion requise (sans ids)", schema: ApiErrorSchema },
    },
  },
  {
    method: "put",
    path: "/api/v1/cart",
    summary:
      "Enregistrer le panier (mode replace) ou y ajouter le panier du visiteur à la connexion (mode merge). Chaque ligne désigne une variante (variant_id) ; product_id seul vaut pour un produit à une seule variante et est refusé (400) pour un produit à plusieurs variantes, comme une variante d'un autre produit que product_id. Quantités plafonnées au stock de la variante, variantes inconnues ou épuisées retirées",
    tags: ["Panier"],
    auth: "session",
    body: CartLinesSchema,
    responses: {
      200: { description: "Panier enregistré", schema: CartResponseSchema },
      400: { description: "Lignes invalides", schema: ApiErrorSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
    },
  },
  {
    method: "patch",
    path: "/api/v1/cart",
    summary: "Prolonger le panier : il expire 6 heures après cet appel",
    tags: ["Panier"],
    auth: "session",
    responses: {
      200: { description: "Panier prolongé", schema: CartResponseSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
    },
  },
  {
    method: "delete",
    path: "/api/v1/cart",
    summary: "Vider le panier",
    tags: ["Panier"],
    auth: "session",
    responses: {
      200: { description: "Panier vide", schema: CartResponseSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
    },
  },
];
