import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { ListWindowQuerySchema, listResponse } from "~/.server/api/admin-list.api-schemas";
import { WebhookEndpointSchema, WebhookEndpointBody, webhookInvalidBody, webhooksGuard } from "~/.server/api/contracts/shared/webhooks";
import type { ApiOperation } from "~/.server/api/api-operation";

/**
 * The admin API's webhooks in the OpenAPI document (decisions 049 and 050): Paramètres ›
 * Webhooks over JSON, with an administrator's session or an API key holding the `webhooks` area.
 */
const tags = ["Administration"];

const auth = "admin_api" as const;

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/webhooks",
    summary: "Les webhooks de Paramètres › Webhooks, sans leur secret (accès webhooks:read)",
    tags,
    auth,
    query: ListWindowQuerySchema,
    responses: {
      200: { description: "Une page de webhooks", schema: listResponse(WebhookEndpointSchema, { id: "AdminWebhookPage" }) },
      400: { description: "Curseur ou paramètres de liste invalides", schema: ApiErrorSchema },
      ...webhooksGuard,
    },
  },
  {
    method: "post",
    path: "/api/v1/admin/webhooks",
    summary: "Ajouter un webhook ; le secret de signature n'est renvoyé qu'ici (accès webhooks:write)",
    tags,
    auth,
    body: WebhookEndpointBody,
    responses: {
      201: {
        description: "Webhook créé, avec son secret (whsec_…) à conserver",
        schema: z.object({ data: WebhookEndpointSchema.extend({ secret: z.string() }) }),
      },
      ...webhookInvalidBody,
      ...webhooksGuard,
    },
  },
];
