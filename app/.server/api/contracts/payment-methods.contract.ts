import { z } from "zod";
import { PaymentMethodViewSchema, PaymentMethodResponseSchema } from "~/.server/api/contracts/shared/payment-methods";
import { PaymentMethodSchema, MAX_PAYMENT_METHODS } from "~/domain/payment-methods/payment-method.schema";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";

export const PaymentMethodListSchema = z.object({ data: z.array(PaymentMethodViewSchema) });

/** The number (sent on to the provider, never stored), the expiry and the holder; never a CVC. */
export const PaymentMethodCreateBodySchema = PaymentMethodSchema.describe(
  `Carte à enregistrer : numéro complet (transmis une fois au prestataire de paiement, jamais conservé), expiration MM/AA, titulaire ; ${MAX_PAYMENT_METHODS} cartes au maximum`,
);

const tags = ["Moyens de paiement"];

const unauthenticated = { 401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema } };

/** Moyens de Paiement (docs/decisions/008-payment-methods-and-support-tickets.md). A number is only passed on to the provider, never stored; someone else's card id reads as unknown: 404. */
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/payment-methods",
    summary: "Les cartes enregistrées de l'utilisateur connecté, la carte par défaut d'abord puis les plus récentes",
    tags,
    auth: "session",
    responses: { 200: { description: "Cartes", schema: PaymentMethodListSchema }, ...unauthenticated },
  },
  {
    method: "post",
    path: "/api/v1/payment-methods",
    summary: `Enregistrer une carte : numéro, expiration (MM/AA) et titulaire. Le numéro est transmis une fois au prestataire de paiement, qui conserve la carte ; la boutique garde seulement son jeton, la marque, les 4 derniers chiffres, l'expiration et le titulaire. Jamais de cryptogramme (refusé). La même carte à nouveau met à jour la carte existante. La première carte devient la carte par défaut ; ${MAX_PAYMENT_METHODS} au maximum. Les cartes de test sont décrites dans docs/payments.md.`,
    tags,
    auth: "session",
    body: PaymentMethodCreateBodySchema,
    responses: {
      201: { description: "Carte enregistrée", schema: PaymentMethodResponseSchema },
      400: {
        description:
          "Champs invalides (invalid_payment_method, details: [{ field, message }]), carte refusée par le prestataire (invalid_card), cryptogramme envoyé (cvc_refused), " +
          "ou numéro envoyé alors que la boutique encaisse par Stripe, dont le formulaire sécurisé prend la carte (card_number_refused : voir …/setup-intents)",
        schema: ApiErrorSchema,
      },
      ...unauthenticated,
      409: { description: `Limite de ${MAX_PAYMENT_METHODS} cartes atteinte`, schema: ApiErrorSchema },
    },
  },
];
