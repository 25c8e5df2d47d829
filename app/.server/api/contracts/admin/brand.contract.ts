import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { BrandDetailSchema, BrandBody } from "~/.server/api/contracts/shared/admin-catalog";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import type { ApiOperation } from "~/.server/api/api-operation";

const guarded = {
  401: { description: "Ni session ni clé API valide (clé inconnue, révoquée ou expirée)", schema: ApiErrorSchema },
  403: { description: "Pas administrateur, ou clé sans l'accès demandé", schema: ApiErrorSchema },
  429: { description: "Trop de requêtes pour cette clé (en-tête Retry-After)", schema: ApiErrorSchema },
};

const invalidBody = { 400: { description: "Données invalides (messages en français, par champ)", schema: ApiErrorSchema } };

const id = z.object({ id: z.uuid() });

const tags = ["Administration : catalogue et stock"];

const auth = "admin_api" as const;

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/brands/{id}",
    summary: "Une marque avec son nombre de produits (accès catalog:read)",
    tags,
    auth,
    pathParams: id,
    responses: {
      200: { description: "Marque", schema: z.object({ data: BrandDetailSchema }) },
      ...guarded,
      404: { description: SHOP_MESSAGES.brandNotFound, schema: ApiErrorSchema },
    },
  },
  {
    method: "patch",
    path: "/api/v1/admin/brands/{id}",
    summary:
      "Renommer ou décrire une marque : { name?, description? } ; un nouveau nom passe sur ses produits (webhook product.updated) (accès catalog:write)",
    tags,
    auth,
    pathParams: id,
    body: BrandBody.partial(),
    responses: {
      200: { description: "Marque modifiée", schema: z.object({ data: BrandDetailSchema }) },
      ...invalidBody,
      ...guarded,
      404: { description: SHOP_MESSAGES.brandNotFound, schema: ApiErrorSchema },
      409: { description: "Nom déjà utilisé", schema: ApiErrorSchema },
    },
  },
  {
    method: "delete",
    path: "/api/v1/admin/brands/{id}",
    summary: "Supprimer une marque qu'aucun produit n'utilise (accès catalog:write)",
    tags,
    auth,
    pathParams: id,
    responses: {
      200: { description: "Marque supprimée" },
      ...guarded,
      404: { description: SHOP_MESSAGES.brandNotFound, schema: ApiErrorSchema },
      409: { description: "Des produits l'utilisent", schema: ApiErrorSchema },
    },
  },
];
