import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { ListWindowQuerySchema, listResponse } from "~/.server/api/admin-list.api-schemas";
import { WebhookDeliverySchema } from "~/.server/api/contracts/shared/webhooks";
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

const endpointId = z.object({ id: z.uuid() });

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/webhooks/{id}/deliveries",
    summary:
      "Le journal des envois d'un webhook, chaque envoi avec ses essais, par date de dernière modification ({ data, next_cursor }) (accès webhooks:read)",
    tags,
    auth,
    pathParams: endpointId,
    query: ListWindowQuerySchema,
    responses: {
      200: { description: "Une page d'envois", schema: listResponse(WebhookDeliverySchema, { id: "AdminWebhookDeliveryPage" }) },
      400: { description: "Curseur ou paramètres de liste invalides", schema: ApiErrorSchema },
      ...guarded,
      ...notFound,
    },
  },
];
