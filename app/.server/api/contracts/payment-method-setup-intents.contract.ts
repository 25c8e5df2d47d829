import { z } from "zod";
import { MAX_PAYMENT_METHODS } from "~/domain/payment-methods/payment-method.schema";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";

/** What Stripe.js's `confirmSetup` needs in the browser: never a secret key. */
export const CardSetupStartResponseSchema = z.object({
  data: z.object({
    setup_intent_id: z
      .string()
      .regex(/^seti_/)
      .describe("Le SetupIntent de Stripe, à enregistrer ensuite par …/setup-intents/{id}/save"),
    client_secret: z
      .string()
      .describe("Le secret du SetupIntent, pour stripe.confirmSetup dans le navigateur (jamais conservé par la boutique)"),
  }),
});

/** POST /api/v1/payment-methods/setup-intents (docs/decisions/059-stripe-provider.md, "Saved cards"). */
export const operations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/v1/payment-methods/setup-intents",
    summary:
      "Commencer l'enregistrement d'une carte dans le formulaire sécurisé de Stripe (la boutique encaisse par Stripe) : " +
      "un SetupIntent pour le client Stripe de l'utilisateur connecté, confirmé ensuite dans le navigateur par Stripe.js. " +
      "Le numéro de carte ne passe jamais par la boutique.",
    tags: ["Moyens de paiement"],
    auth: "session",
    responses: {
      201: { description: "SetupIntent créé", schema: CardSetupStartResponseSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
      404: { description: "La boutique n'enregistre pas les cartes par Stripe (démonstration)", schema: ApiErrorSchema },
      409: { description: `Limite de ${MAX_PAYMENT_METHODS} cartes atteinte`, schema: ApiErrorSchema },
      502: { description: "Stripe ne répond pas : rien n'est enregistré, réessayer", schema: ApiErrorSchema },
    },
  },
];
