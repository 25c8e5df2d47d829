import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { WebhookDeliverySchema, webhooksGuard } from "~/.server/api/contracts/shared/webhooks";
import type { ApiOperation } from "~/.server/api/api-operation";

/**
 * The admin API's webhooks in the OpenAPI document (decisions 049 and 050): Paramètres ›
 * Webhooks over JSON, with an administrator's session or an API key holding the `webhooks` area.
 */
const tags = ["Administration"];

const auth = "admin_api" as const;

const deliveryPath = z.object({ id: z.uuid(), deliveryId: z.string().regex(/^\d+$/) });

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/webhooks/{id}/deliveries/{deliveryId}/resend",
    summary: "L'envoi que « Renvoyer » enverrait à nouveau, avec ses essais (accès webhooks:read)",
    tags,
    auth,
    pathParams: deliveryPath,
    responses: {
      200: { description: "Envoi", schema: z.object({ data: WebhookDeliverySchema }) },
      ...webhooksGuard,
      404: { description: "Webhook ou envoi introuvable", schema: ApiErrorSchema },
    },
  },
  {
    method: "post",
    path: "/api/v1/admin/webhooks/{id}/deliveries/{deliveryId}/resend",
    summary: "Renvoyer un envoi : même id d'événement et même corps, 24 h d'essais à nouveau (accès webhooks:write)",
    tags,
    auth,
    pathParams: deliveryPath,
    responses: {
      202: { description: "Envoi remis en file", schema: z.object({ data: z.object({ id: z.int(), status: z.literal("pending") }) }) },
      ...webhooksGuard,
      404: { description: "Webhook ou envoi introuvable", schema: ApiErrorSchema },
    },
  },
];
