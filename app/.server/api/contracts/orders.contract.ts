import { z } from "zod";
import { PlaceOrderSchema } from "~/domain/checkout/checkout.schema";
import { OrderResponseSchema, ApiErrorSchema, OrderListSchema } from "~/.server/api/schemas";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import type { ApiOperation } from "~/.server/api/api-operation";

/** The 402 answer when the bank asks the shopper to authenticate (decision 034). */
export const AuthenticationRequiredSchema = z
  .object({
    error: z.object({ code: z.literal("authentication_required"), message: z.string(), details: z.unknown().optional() }),
    next_action: z.object({
      type: z.literal("authenticate"),
      authentication_id: z.string().describe("To send to POST /api/v1/payment-authentications/{authentication_id}"),
      client_secret: z
        .string()
        .optional()
        .describe("With Stripe: the PaymentIntent's client secret, for Stripe.js handleNextAction (the bank's 3-D Secure dialog)"),
    }),
  })
  .meta({ id: "AuthenticationRequired" });

export const operations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/v1/orders",
    summary:
      "Passer commande (en-tête Idempotency-Key obligatoire, un par tentative). Chaque ligne désigne une variante (variant_id) ; product_id seul vaut pour un produit à une seule variante et est refusé (400) pour un produit à plusieurs variantes, comme une variante d'un autre produit que product_id. Prix (celui de la variante), frais de livraison et total sont calculés par le serveur. delivery_method : standard (par défaut), relay (avec relay_point_id, voir GET /api/v1/relay-points) ou express (voir GET /api/v1/delivery-methods). Paiement, selon le prestataire configuré : provider_payment_method (avec Stripe : le PaymentMethod pm_… créé par le Payment Element dans le navigateur ; le numéro de carte ne passe jamais par la boutique) ou card (prestataire intégré : nouvelle carte envoyée une fois au prestataire) ; save_card pour l'enregistrer ; ou payment_method_id (carte enregistrée), avec cvc pour le prestataire intégré et sans cvc avec Stripe. L'authentification 3-D Secure demandée répond 402 avec next_action. Les cartes de test sont décrites dans docs/payments.md.",
    tags: ["Commandes"],
    auth: "session",
    body: PlaceOrderSchema,
    responses: {
      201: { description: "Commande créée", schema: OrderResponseSchema },
      200: { description: "Même Idempotency-Key : la commande déjà créée", schema: OrderResponseSchema },
      400: { description: "Requête invalide, panier vide, adresse invalide, points insuffisants", schema: ApiErrorSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
      402: {
        description:
          "Paiement refusé (payment_declined), ou authentification 3-D Secure demandée (authentication_required, avec next_action : voir POST /api/v1/payment-authentications/{id})",
        schema: z.union([AuthenticationRequiredSchema, ApiErrorSchema]),
      },
      404: { description: "Carte enregistrée introuvable (payment_method_id inconnu ou d'un autre client)", schema: ApiErrorSchema },
      409: {
        description:
          "Stock insuffisant ou prix modifié ; commande déjà en cours de traitement avec la même Idempotency-Key (order_in_progress) ; paiement non confirmé à temps, non débité (payment_expired)",
        schema: ApiErrorSchema,
      },
      502: {
        description: "Le service de paiement ne répond pas (payment_unavailable) : un débit sans commande est remboursé automatiquement",
        schema: ApiErrorSchema,
      },
    },
  },
  {
    method: "get",
    path: "/api/v1/orders",
    summary: "Les commandes de l'utilisateur connecté, avec leurs articles, les plus récentes d'abord",
    tags: ["Commandes"],
    auth: "session",
    responses: {
      200: { description: "Commandes", schema: OrderListSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
    },
  },
];
