import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { WebhookEndpointSchema, WebhookEndpointBody } from "~/.server/api/contracts/shared/webhooks";
import type { ApiOperation } from "~/.server/api/api-operation";

/**
 * The admin API's webhooks in the OpenAPI document (decisions 049 and 050): Paramètres ›
 * Webhooks over JSON, with an administrator's session or an API key holding the `webhooks` area.
 */
const tags = ["Administration"];

const auth = "admin_api" as const;

const guarded = {
  401: { description: "Connexion requise, ou clé API invalide", schema: ApiErrorSchema },
  403: { description: "Réservé à l'administrateur, ou clé API sans l'accès « Webhooks »", schema: ApiErrorSchema },
  429: { description: "Trop de requêtes pour cette clé API (Retry-After)", schema: ApiErrorSchema },
};

const notFound = { 404: { description: "Webhook introuvable", schema: ApiErrorSchema } };

const invalidBody = {
  400: {
    description: "Champ invalide (message du champ, details par champ) ; adresse privée ou interne refusée (webhook_url_refused)",
    schema: ApiErrorSchema,
  },
};

const endpointId = z.object({ id: z.uuid() });

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/webhooks/{id}",
    summary: "Un webhook, sans son secret (accès webhooks:read)",
    tags,
    auth,
    pathParams: endpointId,
    responses: { 200: { description: "Webhook", schema: z.object({ data: WebhookEndpointSchema }) }, ...guarded, ...notFound },
  },
  {
    method: "patch",
    path: "/api/v1/admin/webhooks/{id}",
    summary: "Modifier un webhook : les champs envoyés, les autres restent (accès webhooks:write)",
    tags,
    auth,
    pathParams: endpointId,
    body: WebhookEndpointBody.partial(),
    responses: {
      200: { description: "Webhook", schema: z.object({ data: WebhookEndpointSchema }) },
      ...invalidBody,
      ...guarded,
      ...notFound,
    },
  },
  {
    method: "delete",
    path: "/api/v1/admin/webhooks/{id}",
    summary: "Supprimer un webhook, sa file d'attente et son journal des envois (accès webhooks:write)",
    tags,
    auth,
    pathParams: endpointId,
    responses: {
      200: { description: "Webhook supprimé", schema: z.object({ data: z.object({ id: z.uuid(), deleted: z.literal(true) }) }) },
      ...guarded,
      ...notFound,
    },
  },
];
