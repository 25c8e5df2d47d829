import { z } from "zod";
import {
  WebhookEndpointSchema,
  WebhookEndpointBody,
  webhookInvalidBody,
  webhookNotFound,
  webhooksGuard,
} from "~/.server/api/contracts/shared/webhooks";
import type { ApiOperation } from "~/.server/api/api-operation";
import { uuidPathParams } from "~/.server/api/contracts/shared/responses";

/**
 * The admin API's webhooks in the OpenAPI document (decisions 049 and 050): Paramètres ›
 * Webhooks over JSON, with an administrator's session or an API key holding the `webhooks` area.
 */
const tags = ["Administration"];

const auth = "admin_api" as const;

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/webhooks/{id}",
    summary: "Un webhook, sans son secret (accès webhooks:read)",
    tags,
    auth,
    pathParams: uuidPathParams,
    responses: { 200: { description: "Webhook", schema: z.object({ data: WebhookEndpointSchema }) }, ...webhooksGuard, ...webhookNotFound },
  },
  {
    method: "patch",
    path: "/api/v1/admin/webhooks/{id}",
    summary: "Modifier un webhook : les champs envoyés, les autres restent (accès webhooks:write)",
    tags,
    auth,
    pathParams: uuidPathParams,
    body: WebhookEndpointBody.partial(),
    responses: {
      200: { description: "Webhook", schema: z.object({ data: WebhookEndpointSchema }) },
      ...webhookInvalidBody,
      ...webhooksGuard,
      ...webhookNotFound,
    },
  },
  {
    method: "delete",
    path: "/api/v1/admin/webhooks/{id}",
    summary: "Supprimer un webhook, sa file d'attente et son journal des envois (accès webhooks:write)",
    tags,
    auth,
    pathParams: uuidPathParams,
    responses: {
      200: { description: "Webhook supprimé", schema: z.object({ data: z.object({ id: z.uuid(), deleted: z.literal(true) }) }) },
      ...webhooksGuard,
      ...webhookNotFound,
    },
  },
];
