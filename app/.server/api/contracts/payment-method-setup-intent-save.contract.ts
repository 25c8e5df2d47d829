import { z } from "zod";
import { PaymentMethodResponseSchema } from "~/.server/api/contracts/shared/payment-methods";
import { CardSetupSaveSchema, MAX_PAYMENT_METHODS, SETUP_INTENT_ID_PATTERN } from "~/domain/payment-methods/payment-method.schema";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";

export const CardSetupSaveBodySchema = CardSetupSaveSchema.describe(
  "Le titulaire de la carte et, au besoin, en faire la carte par défaut ; jamais de numéro (refusé : card_number_refused)",
);

/** POST /api/v1/payment-methods/setup-intents/{id}/save (docs/decisions/059-stripe-provider.md, "Saved cards"). */
export const operations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/v1/payment-methods/setup-intents/{id}/save",
    summary:
      "Enregistrer la carte d'un SetupIntent confirmé dans le navigateur (Stripe.js) : Stripe doit l'avoir réussi pour " +
      "l'utilisateur connecté. Mêmes règles qu'une carte ajoutée par numéro : la même carte à nouveau met à jour la carte " +
      `existante, la première devient la carte par défaut, ${MAX_PAYMENT_METHODS} au maximum.`,
    tags: ["Moyens de paiement"],
    auth: "session",
    pathParams: z.object({ id: z.string().regex(SETUP_INTENT_ID_PATTERN).describe("L'identifiant du SetupIntent (seti_…)") }),
    body: CardSetupSaveBodySchema,
    responses: {
      201: { description: "Carte enregistrée", schema: PaymentMethodResponseSchema },
      400: {
        description:
          "Titulaire invalide (invalid_payment_method), SetupIntent inconnu, d'un autre client ou non confirmé (card_setup_refused), " +
          "marque refusée (invalid_card) ou numéro de carte envoyé (card_number_refused)",
        schema: ApiErrorSchema,
      },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
      404: { description: "La boutique n'enregistre pas les cartes par Stripe (démonstration)", schema: ApiErrorSchema },
      409: { description: `Limite de ${MAX_PAYMENT_METHODS} cartes atteinte`, schema: ApiErrorSchema },
      502: { description: "Stripe ne répond pas : rien n'est enregistré, réessayer", schema: ApiErrorSchema },
    },
  },
];
