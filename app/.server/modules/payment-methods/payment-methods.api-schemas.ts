import { z } from "zod";
import type { ApiOperation } from "~/.server/api/api-operation";
import { ApiErrorSchema } from "../../api/schemas";
import { MAX_PAYMENT_METHODS, PaymentMethodPatchSchema, PaymentMethodSchema } from "~/domain/payment-methods/payment-method.schema";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

/** Response shapes and operations of /api/v1/payment-methods, for the generated OpenAPI document. */
export const PaymentMethodViewSchema = z
  .object({
    id: z.uuid(),
    brand: z.string().describe("visa, mastercard ou amex"),
    last4: z.string().regex(/^[0-9]{4}$/),
    expiry: z
      .string()
      .regex(/^[0-9]{2}\/[0-9]{2}$/)
      .nullable()
      .describe("MM/AA ; null pour une carte enregistrée avant la tokenisation"),
    holder: z.string(),
    is_default: z.boolean().describe("Exactly one default per non-empty list"),
    expired: z.boolean().describe("Date d'expiration passée : la carte ne peut plus payer"),
    usable: z.boolean().describe("Peut payer (payment_method_id de POST /api/v1/orders) : conservée par le prestataire et non expirée"),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "PaymentMethod" });

export const PaymentMethodResponseSchema = z.object({ data: PaymentMethodViewSchema });
export const PaymentMethodListSchema = z.object({ data: z.array(PaymentMethodViewSchema) });
export const PaymentMethodDeletedSchema = z.object({
  data: z.object({
    id: z.uuid(),
    deleted: z.literal(true),
    new_default_id: z.uuid().nullable().describe("The card that became the default, when the default was deleted"),
  }),
});

/** The number (sent on to the provider, never stored), the expiry and the holder; never a CVC. */
export const PaymentMethodCreateBodySchema = PaymentMethodSchema.describe(
  `Carte à enregistrer : numéro complet (transmis une fois au prestataire de paiement, jamais conservé), expiration MM/AA, titulaire ; ${MAX_PAYMENT_METHODS} cartes au maximum`,
);
export const PaymentMethodPatchBodySchema = PaymentMethodPatchSchema;

/** Moyens de Paiement (docs/decisions/008-payment-methods-and-support-tickets.md). A number is only passed on to the provider, never stored; someone else's card id reads as unknown: 404. */
export function paymentMethodOperations(): ApiOperation[] {
  const unauthenticated = { 401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema } };
  const notFound = { 404: { description: "Moyen de paiement introuvable", schema: ApiErrorSchema } };
  const id = z.object({ id: z.uuid() });
  const tags = ["Moyens de paiement"];
  return [
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
      summary: `Enregistrer une carte : numéro, expiration (MM/AA) et titulaire. Le numéro est transmis une fois au prestataire de paiement, qui conserve la carte ; la boutique garde seulement son jeton, la marque, les 4 derniers chiffres, l'expiration et le titulaire. Jamais de cryptogramme (refusé). La même carte à nouveau met à jour la carte existante. La première carte devient la carte par défaut ; ${MAX_PAYMENT_METHODS} au maximum. Carte de test : 4242 4242 4242 4242`,
      tags,
      auth: "session",
      body: PaymentMethodCreateBodySchema,
      responses: {
        201: { description: "Carte enregistrée", schema: PaymentMethodResponseSchema },
        400: {
          description:
            "Champs invalides (invalid_payment_method, details: [{ field, message }]), carte refusée par le prestataire (invalid_card) ou cryptogramme envoyé (cvc_refused)",
          schema: ApiErrorSchema,
        },
        ...unauthenticated,
        409: { description: `Limite de ${MAX_PAYMENT_METHODS} cartes atteinte`, schema: ApiErrorSchema },
      },
    },
    {
      method: "get",
      path: "/api/v1/payment-methods/{id}",
      summary: "Une carte de l'utilisateur connecté",
      tags,
      auth: "session",
      pathParams: id,
      responses: { 200: { description: "Carte", schema: PaymentMethodResponseSchema }, ...unauthenticated, ...notFound },
    },
    {
      method: "patch",
      path: "/api/v1/payment-methods/{id}",
      summary: '{ "is_default": true } en fait la carte par défaut (les autres cessent de l\'être)',
      tags,
      auth: "session",
      pathParams: id,
      body: PaymentMethodPatchBodySchema,
      responses: {
        200: { description: "Nouvelle carte par défaut", schema: PaymentMethodResponseSchema },
        400: { description: "Corps invalide", schema: ApiErrorSchema },
        ...unauthenticated,
        ...notFound,
      },
    },
    {
      method: "delete",
      path: "/api/v1/payment-methods/{id}",
      summary: "Supprimer une carte ; si c'était la carte par défaut, la plus récente des autres le devient",
      tags,
      auth: "session",
      pathParams: id,
      responses: {
        200: { description: "Carte supprimée", schema: PaymentMethodDeletedSchema },
        ...unauthenticated,
        ...notFound,
      },
    },
  ];
}
