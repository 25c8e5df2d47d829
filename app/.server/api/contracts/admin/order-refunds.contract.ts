import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { OrderRefundSchema } from "~/domain/orders/order-refunds";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminSessionGuard } from "~/.server/api/contracts/shared/responses";

/** Gestion des Commandes (docs/decisions/011-admin-back-office-orders.md). Status changes stay on POST /api/v1/admin/order-status. */
export const OrderRefundViewSchema = z
  .object({
    id: z.uuid(),
    order_id: z.uuid(),
    amount_cents: z.int().describe("Montant remboursé (centimes)"),
    card_cents: z.int().describe("Part remboursée sur la carte bancaire"),
    gift_card_cents: z.int().describe("Part recréditée sur les cartes cadeaux qui ont payé la commande"),
    reduced_cents: z.int().describe("Paiement en 3 fois : part déduite des échéances restant dues"),
    reason: z.string(),
    credit_note_number: z.string().describe("Numéro de l'avoir (AV-2026-000001)"),
    credit_note_url: z.string().describe("Téléchargement de l'avoir (PDF)"),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "OrderRefund" });

const tags = ["Administration"];

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/orders/{id}/refunds",
    summary: "Administrateur : les remboursements d'un montant d'une commande, avec leurs avoirs, et ce qui reste remboursable",
    tags,
    auth: "admin_api",
    pathParams: z.object({ id: z.uuid() }),
    responses: {
      200: {
        description: "Remboursements",
        schema: z.object({ data: z.object({ refunds: z.array(OrderRefundViewSchema), refundable_cents: z.int() }) }),
      },
      ...adminSessionGuard,
      404: { description: "Commande introuvable", schema: ApiErrorSchema },
    },
  },
  {
    method: "post",
    path: "/api/v1/admin/orders/{id}/refunds",
    summary:
      "Administrateur (clé : orders:write) : rembourser un montant libre (geste commercial, retard de livraison). Jamais plus que ce qui reste remboursable (total moins les remboursements et ce qui reste dû sur un paiement en 3 fois). Un avoir « Geste commercial » est émis, réparti sur les taux de TVA de la facture ; le remboursement suit le paiement de la commande (cartes cadeaux pour leur part, carte bancaire ou échéances pour le reste). En-tête Idempotency-Key (ou client_reference, 8 à 100 caractères) : le même appel renvoyé répond le premier remboursement (200) sans rembourser deux fois.",
    tags,
    auth: "admin_api",
    pathParams: z.object({ id: z.uuid() }),
    body: OrderRefundSchema,
    responses: {
      201: {
        description: "Remboursement effectué, avec son avoir",
        schema: z.object({
          data: z.object({
            refund: OrderRefundViewSchema,
            credit_note: z.object({ number: z.string(), total_cents: z.int(), url: z.string() }),
            refundable_cents: z.int(),
            replayed: z.boolean(),
          }),
        }),
      },
      200: { description: "Même Idempotency-Key : le remboursement déjà effectué (replayed: true)" },
      400: {
        description: "Montant nul, négatif ou supérieur au reste remboursable ; motif manquant ou de plus de 500 caractères",
        schema: ApiErrorSchema,
      },
      ...adminSessionGuard,
      403: {
        description:
          "Pas membre de l'équipe, rôle sans la permission « Remboursements », ou clé sans orders:write ; au-delà de la limite de remboursement fixée par le propriétaire : refund_over_limit (rôle qui rembourse dans la limite), ou second_factor_required (rôle sans limite dont la double authentification date de plus de 15 minutes : confirmer un code, puis renvoyer)",
        schema: ApiErrorSchema,
      },
      404: { description: "Commande introuvable", schema: ApiErrorSchema },
      409: {
        description: "Commande non payée, annulée ou déjà remboursée ; Idempotency-Key déjà utilisée pour un autre remboursement",
        schema: ApiErrorSchema,
      },
    },
  },
];
