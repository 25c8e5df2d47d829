import { z } from "zod";
import { PaymentMethodPatchSchema } from "~/domain/payment-methods/payment-method.schema";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { PaymentMethodResponseSchema } from "~/.server/api/contracts/shared/payment-methods";
import type { ApiOperation } from "~/.server/api/api-operation";
import { uuidPathParams } from "~/.server/api/contracts/shared/responses";

export const PaymentMethodDeletedSchema = z.object({
  data: z.object({
    id: z.uuid(),
    deleted: z.literal(true),
    new_default_id: z.uuid().nullable().describe("The card that became the default, when the default was deleted"),
  }),
});

export const PaymentMethodPatchBodySchema = PaymentMethodPatchSchema;

const tags = ["Moyens de paiement"];

const unauthenticated = { 401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema } };

const notFound = { 404: { description: "Moyen de paiement introuvable", schema: ApiErrorSchema } };

/** Moyens de Paiement (docs/decisions/008-payment-methods-and-support-tickets.md). A number is only passed on to the provider, never stored; someone else's card id reads as unknown: 404. */
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/payment-methods/{id}",
    summary: "Une carte de l'utilisateur connecté",
    tags,
    auth: "session",
    pathParams: uuidPathParams,
    responses: { 200: { description: "Carte", schema: PaymentMethodResponseSchema }, ...unauthenticated, ...notFound },
  },
  {
    method: "patch",
    path: "/api/v1/payment-methods/{id}",
    summary: '{ "is_default": true } en fait la carte par défaut (les autres cessent de l\'être)',
    tags,
    auth: "session",
    pathParams: uuidPathParams,
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
    pathParams: uuidPathParams,
    responses: {
      200: { description: "Carte supprimée", schema: PaymentMethodDeletedSchema },
      ...unauthenticated,
      ...notFound,
    },
  },
];
