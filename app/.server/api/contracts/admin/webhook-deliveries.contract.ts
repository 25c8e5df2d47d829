import { ApiErrorSchema } from "~/.server/api/schemas";
import { ListWindowQuerySchema, listResponse } from "~/.server/api/admin-list.api-schemas";
import { WebhookDeliverySchema, webhookNotFound, webhooksGuard } from "~/.server/api/contracts/shared/webhooks";
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
    path: "/api/v1/admin/webhooks/{id}/deliveries",
    summary:
      "Le journal des envois d'un webhook, chaque envoi avec ses essais, par date de dernière modification ({ data, next_cursor }) (accès webhooks:read)",
    tags,
    auth,
    pathParams: uuidPathParams,
    query: ListWindowQuerySchema,
    responses: {
      200: { description: "Une page d'envois", schema: listResponse(WebhookDeliverySchema, { id: "AdminWebhookDeliveryPage" }) },
      400: { description: "Curseur ou paramètres de liste invalides", schema: ApiErrorSchema },
      ...webhooksGuard,
      ...webhookNotFound,
    },
  },
];
