import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { AdminApiCategorySchema } from "~/.server/api/contracts/shared/admin-catalog";
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
    path: "/api/v1/admin/categories/{id}",
    summary: "Une catégorie (accès catalog:read)",
    tags,
    auth,
    pathParams: id,
    responses: {
      200: { description: "Catégorie", schema: z.object({ data: AdminApiCategorySchema }) },
      ...guarded,
      404: { description: "Catégorie introuvable", schema: ApiErrorSchema },
    },
  },
  {
    method: "patch",
    path: "/api/v1/admin/categories/{id}",
    summary: "Renommer une catégorie : { name } (accès catalog:write)",
    tags,
    auth,
    pathParams: id,
    body: z.object({ name: z.string() }),
    responses: {
      200: { description: "Catégorie renommée", schema: z.object({ data: AdminApiCategorySchema }) },
      ...invalidBody,
      ...guarded,
      404: { description: "Catégorie introuvable", schema: ApiErrorSchema },
      409: { description: "Nom déjà utilisé", schema: ApiErrorSchema },
    },
  },
  {
    method: "delete",
    path: "/api/v1/admin/categories/{id}",
    summary: "Supprimer une catégorie sans produit (accès catalog:write)",
    tags,
    auth,
    pathParams: id,
    responses: {
      200: { description: "Catégorie supprimée" },
      ...guarded,
      404: { description: "Catégorie introuvable", schema: ApiErrorSchema },
      409: { description: "Des produits y sont classés", schema: ApiErrorSchema },
    },
  },
];
