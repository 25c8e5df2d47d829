import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { AdminApiProductSchema, AdminApiProductBodySchema } from "~/.server/api/contracts/shared/admin-catalog";
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
    path: "/api/v1/admin/products/{id}",
    summary: "Un produit (accès catalog:read)",
    tags,
    auth,
    pathParams: id,
    responses: {
      200: { description: "Produit", schema: z.object({ data: AdminApiProductSchema }) },
      ...guarded,
      404: { description: SHOP_MESSAGES.productNotFound, schema: ApiErrorSchema },
    },
  },
  {
    method: "patch",
    path: "/api/v1/admin/products/{id}",
    summary: "Modifier les champs envoyés ; `variants`, si envoyé, est la liste complète (accès catalog:write)",
    tags,
    auth,
    pathParams: id,
    body: AdminApiProductBodySchema.partial(),
    responses: {
      200: { description: "Produit modifié", schema: z.object({ data: AdminApiProductSchema }) },
      ...invalidBody,
      ...guarded,
      404: { description: SHOP_MESSAGES.productNotFound, schema: ApiErrorSchema },
      409: { description: "Référence (SKU) déjà utilisée", schema: ApiErrorSchema },
    },
  },
  {
    method: "delete",
    path: "/api/v1/admin/products/{id}",
    summary: "Supprimer un produit (accès catalog:write)",
    tags,
    auth,
    pathParams: id,
    responses: {
      200: { description: "Produit supprimé" },
      ...guarded,
      404: { description: SHOP_MESSAGES.productNotFound, schema: ApiErrorSchema },
    },
  },
];
