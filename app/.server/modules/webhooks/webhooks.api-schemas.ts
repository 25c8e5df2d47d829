import { z } from "zod";
import type { ApiOperation } from "~/.server/api/api-operation";
import { ListWindowQuerySchema, listResponse } from "~/.server/api/admin-list.api-schemas";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { WEBHOOK_EVENT_TYPES } from "~/domain/webhooks/webhooks";

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
const deliveryPath = z.object({ id: z.uuid(), deliveryId: z.string().regex(/^\d+$/) });

const WebhookEndpointSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    active: z.boolean(),
    failing_since: z.iso.datetime().nullable().describe("Depuis quand un envoi a échoué après 24 h d'essais ; null sinon"),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: "AdminWebhookEndpoint" });

const WebhookEndpointBody = z.object({
  url: z.url().describe("http:// ou https:// ; les adresses privées, locales ou internes sont refusées"),
  description: z.string().max(200).optional(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1),
  active: z.boolean().optional().describe("true par défaut"),
});

const WebhookDeliverySchema = z
  .object({
    id: z.int(),
    event_id: z.uuid().describe("L'id que le destinataire reçoit (Aurore-Event-Id) et sur lequel il dédoublonne"),
    event_type: z.string(),
    resource_id: z.string(),
    status: z.enum(["pending", "delivered", "failed"]),
    next_attempt_at: z.iso.datetime().nullable(),
    delivered_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    attempts: z.array(
      z.object({
        at: z.iso.datetime(),
        duration_ms: z.int(),
        response_code: z.int().nullable(),
        ok: z.boolean(),
        error: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "AdminWebhookDelivery" });

export function adminWebhookOperations(): ApiOperation[] {
  return [
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
        ...guarded,
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
        ...invalidBody,
        ...guarded,
      },
    },
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
    {
      method: "get",
      path: "/api/v1/admin/webhooks/{id}/deliveries/{deliveryId}/resend",
      summary: "L'envoi que « Renvoyer » enverrait à nouveau, avec ses essais (accès webhooks:read)",
      tags,
      auth,
      pathParams: deliveryPath,
      responses: {
        200: { description: "Envoi", schema: z.object({ data: WebhookDeliverySchema }) },
        ...guarded,
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
        ...guarded,
        404: { description: "Webhook ou envoi introuvable", schema: ApiErrorSchema },
      },
    },
  ];
}
