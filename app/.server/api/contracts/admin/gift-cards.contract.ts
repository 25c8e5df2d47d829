import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { GiftCardSchema } from "~/.server/api/contracts/shared/promotions";
import { ListWindowQuerySchema, listResponse } from "~/.server/api/admin-list.api-schemas";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminSessionGuard } from "~/.server/api/contracts/shared/responses";

/**
 * The admin API's clients, promo codes and gift cards in the OpenAPI document (decision 049):
 * the back-office's services and messages, over JSON.
 */
const badList = { 400: { description: "Curseur ou paramètres de liste invalides", schema: ApiErrorSchema } };

const tags = ["Administration"];

const GiftCardPageSchema = z.object({
  data: z.object({ cards: z.array(GiftCardSchema), total: z.int(), page: z.int(), page_count: z.int() }),
});

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/gift-cards",
    summary:
      "Administrateur : les cartes cadeaux, les plus récentes d'abord, 50 par page ; q : 4 derniers caractères ou e-mail de l'acheteur. Avec cursor, updated_since ou limit : parcours par dernier changement (émission, utilisation, remboursement, désactivation).",
    tags,
    auth: "admin_api",
    query: z.object({ q: z.string().optional(), page: z.string().optional() }).extend(ListWindowQuerySchema.shape),
    responses: {
      200: { description: "Cartes cadeaux", schema: listResponse(GiftCardSchema, { pages: GiftCardPageSchema }) },
      ...badList,
      ...adminSessionGuard,
    },
  },
  {
    method: "post",
    path: "/api/v1/admin/gift-cards",
    summary:
      "Administrateur : offrir une carte cadeau à un client (geste commercial, sans commande) : envoyée au client par e-mail, comme « Offrir une carte cadeau » de sa fiche",
    tags,
    auth: "admin_api",
    body: z.object({
      client_id: z.string(),
      amount: z.union([z.string(), z.number()]).describe("Montant en euros"),
      reason: z.string().describe("Motif (journal et historique de la carte)"),
      message: z.string().optional().describe("Message au client"),
    }),
    responses: {
      201: {
        description: "Carte émise",
        schema: z.object({ data: z.object({ id: z.uuid(), last4: z.string(), amount_cents: z.int(), email: z.string() }) }),
      },
      400: { description: "Montant ou motif invalide", schema: ApiErrorSchema },
      ...adminSessionGuard,
      404: { description: "Client introuvable", schema: ApiErrorSchema },
    },
  },
];
