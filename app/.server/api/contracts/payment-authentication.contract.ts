import { z } from "zod";
import { ApiErrorSchema, OrderResponseSchema } from "~/.server/api/schemas";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import type { ApiOperation } from "~/.server/api/api-operation";

/** The body the bank's page sends back once the shopper has passed (or failed) 3-D Secure. */
export const PaymentAuthenticationBodySchema = z
  .object({
    result: z.enum(["succeeded", "failed"], { error: "Résultat d'authentification invalide (succeeded ou failed)" }),
  })
  .meta({ id: "PaymentAuthenticationResult" });

/** POST /api/v1/payment-authentications/{id}; `orderResponse` is the order's response schema. */
export const operations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/v1/payment-authentications/{id}",
    summary:
      "Résultat de l'authentification 3-D Secure demandée par la banque (ce qu'enverrait la page de la banque) : succeeded crée la commande, failed l'abandonne sans débit. Une seule fois.",
    tags: ["Commandes"],
    auth: "session",
    pathParams: z.object({ id: z.string() }),
    body: PaymentAuthenticationBodySchema,
    responses: {
      201: { description: "Authentifié : commande créée", schema: OrderResponseSchema },
      400: { description: "Résultat invalide", schema: ApiErrorSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
      402: { description: "Authentification échouée : aucun débit (payment_declined)", schema: ApiErrorSchema },
      404: { description: "Authentification inconnue ou d'un autre client", schema: ApiErrorSchema },
      409: {
        description:
          "Déjà traitée (authentication_completed), trop tardive (payment_expired) ou stock/prix modifiés entre-temps (remboursé)",
        schema: ApiErrorSchema,
      },
    },
  },
];
