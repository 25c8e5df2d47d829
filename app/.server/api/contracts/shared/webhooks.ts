import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { WEBHOOK_EVENT_TYPES } from "~/domain/webhooks/webhooks";

/** A webhook and its deliveries as the admin API's webhook routes answer and take them (decisions 049 and 050). */
export const WebhookEndpointSchema = z
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

export const WebhookEndpointBody = z.object({
  url: z.url().describe("http:// ou https:// ; les adresses privées, locales ou internes sont refusées"),
  description: z.string().max(200).optional(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1),
  active: z.boolean().optional().describe("true par défaut"),
});

export const WebhookDeliverySchema = z
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

/** The webhook routes' guard: a session, or an API key with the "Webhooks" access (decision 050). */
export const webhooksGuard = {
  401: { description: "Connexion requise, ou clé API invalide", schema: ApiErrorSchema },
  403: { description: "Réservé à l'administrateur, ou clé API sans l'accès « Webhooks »", schema: ApiErrorSchema },
  429: { description: "Trop de requêtes pour cette clé API (Retry-After)", schema: ApiErrorSchema },
};

/** An endpoint's body refused: a field, or an address the shop will not call. */
export const webhookInvalidBody = {
  400: {
    description: "Champ invalide (message du champ, details par champ) ; adresse privée ou interne refusée (webhook_url_refused)",
    schema: ApiErrorSchema,
  },
};

export const webhookNotFound = { 404: { description: "Webhook introuvable", schema: ApiErrorSchema } };
