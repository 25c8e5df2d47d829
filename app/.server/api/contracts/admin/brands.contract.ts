import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { ListWindowQuerySchema, listResponse } from "~/.server/api/admin-list.api-schemas";
import { BrandBody, BrandDetailSchema } from "~/.server/api/contracts/shared/admin-catalog";
import type { ApiOperation } from "~/.server/api/api-operation";

const BrandSchema = z.object({ id: z.uuid(), name: z.string(), slug: z.string(), updated_at: z.string() }).meta({ id: "AdminApiBrand" });

const guarded = {
  401: { description: "Ni session ni clé API valide (clé inconnue, révoquée ou expirée)", schema: ApiErrorSchema },
  403: { description: "Pas administrateur, ou clé sans l'accès demandé", schema: ApiErrorSchema },
  429: { description: "Trop de requêtes pour cette clé (en-tête Retry-After)", schema: ApiErrorSchema },
};

const invalidBody = { 400: { description: "Données invalides (messages en français, par champ)", schema: ApiErrorSchema } };

const tags = ["Administration : catalogue et stock"];

const auth = "admin_api" as const;

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/brands",
    summary: "Marques (accès catalog:read)",
    tags,
    auth,
    query: ListWindowQuerySchema,
    responses: {
      200: { description: "Une page de marques", schema: listResponse(BrandSchema, { id: "AdminApiBrandPage" }) },
      ...invalidBody,
      ...guarded,
    },
  },
  {
    method: "post",
    path: "/api/v1/admin/brands",
    summary: "Créer une marque : { name, description? } (accès catalog:write)",
    tags,
    auth,
    body: BrandBody,
    responses: {
      201: { description: "Marque créée", schema: z.object({ data: BrandDetailSchema }) },
      ...invalidBody,
      ...guarded,
      409: { description: "Nom déjà utilisé", schema: ApiErrorSchema },
    },
  },
];
