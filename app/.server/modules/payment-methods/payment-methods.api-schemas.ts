import { z } from "zod";
import type { ApiOperation } from "~/.server/api/api-operation";
import { ApiErrorSchema } from "../../api/schemas";
import {
  MAX_PAYMENT_METHODS,
  PAYMENT_CARD_BRANDS,
  PaymentMethodPatchSchema,
  PaymentMethodSchema,
} from "~/domain/payment-methods/payment-method.schema";

/** Response shapes and operations of /api/v1/payment-methods, for the generated OpenAPI document. */
export const PaymentMethodViewSchema = z
  .object({
    id: z.uuid(),
    type: z.string().describe("Always 'card'"),
    card_brand: z.enum(PAYMENT_CARD_BRANDS),
    card_last_four: z.string().regex(/^[0-9]{4}$/),
    card_holder_name: z.string(),
    exp_month: z.int().min(1).max(12).nullable(),
    exp_year: z.int().nullable(),
    is_default: z.boolean().describe("Exactly one default per non-empty list"),
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

/** Only brand, last four digits, holder and optional expiry: never the full number nor the CVC. */
export const PaymentMethodCreateBodySchema = PaymentMethodSchema.describe(
  `Carte enregistrée sans numéro complet (${MAX_PAYMENT_METHODS} au maximum)`,
);
export const PaymentMethodPatchBodySchema = PaymentMethodPatchSchema;

/** Moyens de Paiement (docs/decisions/008-payment-methods-and-support-tickets.md). Never a full card number; someone else's card id reads as unknown: 404. */
export function paymentMethodOperations(): ApiOperation[] {
  const unauthenticated = { 401: { description: "Connexion requise", schema: ApiErrorSchema } };
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
      summary: `Enregistrer une carte : type, 4 derniers chiffres, titulaire, expiration facultative ; jamais le numéro complet ni le cryptogramme (refusés). La première carte devient la carte par défaut ; ${MAX_PAYMENT_METHODS} au maximum`,
      tags,
      auth: "session",
      body: PaymentMethodCreateBodySchema,
      responses: {
        201: { description: "Carte enregistrée", schema: PaymentMethodResponseSchema },
        400: { description: "Champs invalides (details: [{ field, message }]) ou numéro complet envoyé", schema: ApiErrorSchema },
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
