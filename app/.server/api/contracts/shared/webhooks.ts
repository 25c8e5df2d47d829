import { z } from "zod";
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
