import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";
import { STRIPE_WEBHOOK_OUTCOMES } from "~/domain/payments/stripe-webhooks";

/** What the shop answers Stripe: any 2xx stops its retries; the outcome is for the dashboard's log. */
export const StripeWebhookReceiptSchema = z
  .object({
    data: z.object({
      received: z.literal(true),
      event_id: z.string(),
      type: z.string(),
      outcome: z.enum(STRIPE_WEBHOOK_OUTCOMES),
      /** True when this event id had already been handled: acknowledged, nothing done again. */
      replayed: z.boolean(),
    }),
  })
  .meta({ id: "StripeWebhookReceipt" });

/** POST /api/v1/payments/stripe/webhook (decision 059, "Webhooks"). */
export const operations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/v1/payments/stripe/webhook",
    summary:
      "Événements Stripe (payment_intent.succeeded, payment_intent.payment_failed, charge.refunded, charge.dispute.created, " +
      "charge.dispute.updated, charge.dispute.closed), " +
      "signés par Stripe (en-tête Stripe-Signature, secret STRIPE_WEBHOOK_SECRET) et traités une seule fois par identifiant " +
      "d'événement. N'existe que si la boutique encaisse par Stripe (PAYMENT_PROVIDER=stripe).",
    tags: ["Commandes"],
    auth: "none",
    headers: z.object({
      "Stripe-Signature": z.string().describe("La signature de Stripe : t=<horodatage>,v1=<HMAC-SHA256 du corps>"),
    }),
    rawBody: {
      contentTypes: ["application/json"],
      description: "L'événement tel que Stripe l'envoie, vérifié octet par octet avec l'en-tête Stripe-Signature",
    },
    responses: {
      200: {
        description: "Événement pris en compte, ignoré (type non traité, paiement inconnu) ou déjà traité (replayed)",
        schema: StripeWebhookReceiptSchema,
      },
      400: {
        description: "Signature absente, invalide ou expirée (invalid_signature), ou événement illisible : rien n'est modifié",
        schema: ApiErrorSchema,
      },
      404: { description: "La boutique n'encaisse pas par Stripe (démonstration)", schema: ApiErrorSchema },
      500: { description: "Traitement interrompu : rien n'est enregistré, Stripe renverra l'événement", schema: ApiErrorSchema },
    },
  },
];
